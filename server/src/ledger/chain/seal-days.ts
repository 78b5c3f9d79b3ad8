import type { Queryable } from '../../db/db';

/** A chain's head at a seal that moved it. */
export interface SealedSeq {
  readonly day: string;
  readonly seq: bigint;
}

/** Per chain (a ledger account, or the admin log), its head's seq at each seal that moved it, in day order. */
export type SealedSeqsByChain = Map<string, SealedSeq[]>;

export async function sealedSeqsByChain(db: Queryable): Promise<SealedSeqsByChain> {
  const { rows } = await db.query<{ account: string; day: string; seq: string }>(
    `SELECT ledger_account_id::text AS account, to_char(day, 'YYYY-MM-DD') AS day, seq::text
       FROM seal_heads ORDER BY ledger_account_id, day`,
  );
  const byChain: SealedSeqsByChain = new Map();
  for (const r of rows) {
    const list = byChain.get(r.account) ?? [];
    list.push({ day: r.day, seq: BigInt(r.seq) });
    byChain.set(r.account, list);
  }
  return byChain;
}

/**
 * The day of the seal before the first seal that covers link `seq` (the last seal when none
 * covers it yet): the link was chained after that seal, so its row must be dated after it.
 */
export function previousSealDay(
  sealed: readonly SealedSeq[] | undefined,
  sealDays: readonly string[],
  seq: bigint,
): string | null {
  const covering = sealed?.find((s) => s.seq >= seq)?.day;
  const index = covering ? sealDays.indexOf(covering) : sealDays.length;
  return index > 0 ? sealDays[index - 1]! : null;
}

export const dayOfMicros = (micros: string) =>
  new Date(Number(BigInt(micros) / 1000n)).toISOString().slice(0, 10);
