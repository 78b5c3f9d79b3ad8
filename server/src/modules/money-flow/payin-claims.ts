import type { Queryable } from '../../db/db';

/**
 * What a pay-in's refunds and disputes claim of its amount: its refunds not failed or rejected
 * (one still with the gateway may yet succeed) and its disputes not won (a chargeback took the
 * money back). The refund and the dispute guards both judge against it, under the pay-in's row
 * lock, so its refunds plus its lost disputes never exceed its amount (`ledger:check`).
 */
export async function payinClaimed(db: Queryable, payinId: string): Promise<bigint> {
  const { rows } = await db.query<{ total: bigint | null }>(
    `SELECT ((SELECT coalesce(sum(amount), 0) FROM refunds
               WHERE payin_id = $1 AND status NOT IN ('failed', 'rejected'))
           + (SELECT coalesce(sum(amount), 0) FROM disputes
               WHERE payin_id = $1 AND status <> 'won'))::bigint AS total`,
    [payinId],
  );
  return BigInt(rows[0]?.total ?? 0n);
}
