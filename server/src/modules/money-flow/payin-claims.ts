import type { Queryable } from '../../db/db';

/**
 * What a pay-in's refunds and disputes claim of its amount: its refunds not failed or rejected
 * (one still with the gateway may yet succeed) and its disputes not won (a chargeback took the
 * money back). The refund and the dispute guards both judge against it, under the pay-in's row
 * lock, so its refunds plus its lost disputes never exceed its amount (`ledger:check`).
 */
async function payinClaimed(db: Queryable, payinId: string): Promise<bigint> {
  const { rows } = await db.query<{ total: bigint | null }>(
    `SELECT ((SELECT coalesce(sum(amount), 0) FROM refunds
               WHERE payin_id = $1 AND status NOT IN ('failed', 'rejected'))
           + (SELECT coalesce(sum(amount), 0) FROM disputes
               WHERE payin_id = $1 AND status <> 'won'))::bigint AS total`,
    [payinId],
  );
  return BigInt(rows[0]?.total ?? 0n);
}

/** The pay-in a refund or a dispute is about, as their guards read it. */
export interface ClaimedPayin {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  currency: string;
  amount: bigint;
  fee: bigint;
  status: string;
  gateway_id: string;
  contract_id: string;
  notify_url: string;
  order_id: string;
}

/**
 * Reads the pay-in a refund or a dispute is about, with what its refunds and disputes claim
 * (`payinClaimed`); null when there is none. `merchantId`: only that merchant's pay-in (a
 * refund's; a dispute comes from the gateway). `lock`: the pay-in row is locked first
 * (`FOR UPDATE`), so refunds and disputes of one pay-in are judged one at a time; a quote only
 * reads.
 */
export async function readPayinForClaim(
  db: Queryable,
  payinId: string,
  { merchantId, lock }: { merchantId?: string; lock: boolean },
): Promise<{ payin: ClaimedPayin; claimed: bigint } | null> {
  const params = merchantId === undefined ? [payinId] : [payinId, merchantId];
  const { rows } = await db.query<ClaimedPayin>(
    `SELECT id, merchant_account_id, reseller_account_id, currency, amount, fee, status, gateway_id,
            contract_id, notify_url, order_id
       FROM payins WHERE id = $1${merchantId === undefined ? '' : ' AND merchant_account_id = $2'}${lock ? ' FOR UPDATE' : ''}`,
    params,
  );
  const payin = rows[0];
  if (!payin) return null;
  return { payin, claimed: await payinClaimed(db, payinId) };
}
