import { sign } from 'node:crypto';
import type { Db, Queryable } from '../../db/db';
import { chainAll } from './chain-all';
import { merkleRoot, sealMessage, type SealFacts, type SealedHead } from './chain-hash';
import { activeSealKey, type SealKeySettings } from './seal-keys';

/** How long after a UTC day's end its seal waits, so the transactions of its last moments are chained. */
export const SEAL_DELAY_MS = 5 * 60_000;

/**
 * Queues copies of a seal outside the database (money-wiring/seal-copies.ts: the operations
 * webhook, SEAL_COPY_EMAIL) in the seal's transaction; answers where they go, or null.
 */
export type SealCopies = (
  tx: Queryable,
  facts: SealFacts,
  publicKey: string,
  signature: string,
) => Promise<string | null>;

/** The seal as its copy tells it: every fact it signs, the signature and the public key. */
export const sealCopyText = (facts: SealFacts, publicKey: string, signature: string) =>
  JSON.stringify({ ...facts, signature, public_key: publicKey });

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC day due for its seal at `now`: the last day ended at least SEAL_DELAY_MS ago, if it
 * is not sealed yet and the chain had started by its end (a day's history written before the
 * chain ran, a seed's, is not sealed). Days the server was down through are covered by the next
 * seal, which signs every head.
 */
export async function dueSealDay(db: Queryable, now: Date): Promise<string | null> {
  const day = dayOf(now.getTime() - SEAL_DELAY_MS - DAY_MS);
  const { rows } = await db.query<{ due: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM ledger_seals WHERE day >= $1::date)
            AND (SELECT started_at FROM ledger_chain_progress) < $1::date + 1 AS due`,
    [day],
  );
  return rows[0]?.due ? day : null;
}

/**
 * Seals `day`: signs the Merkle root of every account's chain head, chained to the previous
 * seal's root, and records which heads moved since the previous seal; queues its copy to the
 * `copies` (the operations webhook, SEAL_COPY_EMAIL). The chain must have been run just before (the job
 * does). Answers the seal's facts.
 */
export async function sealDay(
  db: Db,
  settings: SealKeySettings,
  day: string,
  now = new Date(),
  copies?: SealCopies,
): Promise<SealFacts> {
  const key = await activeSealKey(db, settings);
  return db.transaction(async (tx) => {
    const heads = await allHeads(tx);
    const { rows } = await tx.query<{ chained: string; previous: string | null }>(
      `SELECT p.chained::text,
              (SELECT encode(root, 'hex') FROM ledger_seals ORDER BY day DESC LIMIT 1) AS previous
         FROM ledger_chain_progress p`,
    );
    const facts: SealFacts = {
      day,
      sealedAt: now.toISOString(),
      heads: heads.length,
      chained: rows[0]!.chained,
      root: merkleRoot(heads),
      previousRoot: rows[0]!.previous ?? '',
    };
    const signature = sign(null, sealMessage(facts), key.privateKey).toString('hex');
    const copiedTo = copies ? await copies(tx, facts, key.publicKey, signature) : null;
    await tx.query(
      `INSERT INTO ledger_seals (day, sealed_at, heads, chained, root, previous_root, key_id, signature, copied_to)
       VALUES ($1, $2, $3, $4, decode($5, 'hex'), decode($6, 'hex'), $7, decode($8, 'hex'), $9)`,
      [
        day,
        facts.sealedAt,
        facts.heads,
        facts.chained,
        facts.root,
        facts.previousRoot,
        key.id,
        signature,
        copiedTo,
      ],
    );
    await tx.query(
      `INSERT INTO seal_heads (day, ledger_account_id, seq)
       SELECT $1::date, h.ledger_account_id, h.seq FROM ledger_chain_heads h
        WHERE h.seq IS DISTINCT FROM (SELECT s.seq FROM seal_heads s
                                       WHERE s.ledger_account_id = h.ledger_account_id
                                       ORDER BY s.day DESC LIMIT 1)`,
      [day],
    );
    return facts;
  });
}

async function allHeads(tx: Queryable): Promise<SealedHead[]> {
  const { rows } = await tx.query<SealedHead>(
    `SELECT ledger_account_id::text AS "accountId", seq::text, encode(hash, 'hex') AS hash
       FROM ledger_chain_heads`,
  );
  return rows;
}

/** Seals the due day, if any (one round of the money jobs, after the chain ran). */
export async function sealWhenDue(
  db: Db,
  settings: SealKeySettings,
  copies?: SealCopies,
  now = new Date(),
) {
  const day = await dueSealDay(db, now);
  return day ? sealDay(db, settings, day, now, copies) : null;
}

/**
 * Chains a history written in one go (the demo world's 90 days) and seals it up to yesterday,
 * so a new world can be checked and its statements verified at once: the chain is taken to
 * have started with the history's first entry.
 */
export async function sealHistoryUpToYesterday(
  db: Db,
  settings: SealKeySettings,
  now = new Date(),
) {
  while ((await chainAll(db)) > 0);
  await db.query(
    `UPDATE ledger_chain_progress
        SET started_at = least(started_at, coalesce((SELECT min(created_at) FROM entries), started_at))`,
  );
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const { rows } = await db.query(`SELECT 1 FROM ledger_seals WHERE day >= $1::date`, [yesterday]);
  return rows.length ? null : sealDay(db, settings, yesterday, now);
}
