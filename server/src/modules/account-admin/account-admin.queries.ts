import type { Queryable } from '../../db/db';

/** The reseller's rates on the current version of one of its merchants' contract lines. */
export interface ResellerContractLineRecord {
  merchant_db_code: string;
  merchant_name: string;
  currency: string;
  gateway_code: string | null;
  version: number;
  effective_from: Date;
  reseller_payin_ppm: number;
  reseller_payin_fixed: bigint;
  reseller_payout_ppm: number;
  reseller_payout_fixed: bigint;
  reseller_settlement_ppm: number;
  reseller_settlement_fixed: bigint;
}

/**
 * The newest version of every contract line (merchant, currency, gateway) of the reseller's
 * merchants, by merchant code and currency.
 */
export async function findResellerContractLines(
  db: Queryable,
  resellerId: string,
): Promise<ResellerContractLineRecord[]> {
  const { rows } = await db.query<ResellerContractLineRecord>(
    `SELECT DISTINCT ON (m.account_db_code, c.currency, g.payment_gateway_code)
            m.account_db_code AS merchant_db_code, m.name AS merchant_name, c.currency,
            g.payment_gateway_code AS gateway_code, c.version, c.effective_from,
            c.reseller_payin_ppm, c.reseller_payin_fixed, c.reseller_payout_ppm,
            c.reseller_payout_fixed, c.reseller_settlement_ppm, c.reseller_settlement_fixed
       FROM contracts c JOIN accounts m ON m.id = c.merchant_account_id
       LEFT JOIN payment_gateways g ON g.id = c.gateway_id
      WHERE m.reseller_account_id = $1 AND m.parent_account_id IS NULL
      ORDER BY m.account_db_code, c.currency, g.payment_gateway_code, c.effective_from DESC,
               c.version DESC`,
    [resellerId],
  );
  return rows;
}

export interface AccountActivityRecord {
  id: string;
  created_at: Date;
  actor_username: string;
  action: string;
  target_db_code: string | null;
  outcome: string;
}

/** The newest admin-log entries about the reseller or any of its merchants. */
export async function findResellerActivity(
  db: Queryable,
  resellerId: string,
  limit: number,
): Promise<AccountActivityRecord[]> {
  const { rows } = await db.query<AccountActivityRecord>(
    `SELECT l.id, l.created_at, l.actor_username, l.action, t.account_db_code AS target_db_code,
            l.outcome
       FROM admin_logs l LEFT JOIN accounts t ON t.id::text = l.target_id
      WHERE l.target_id = ANY(ARRAY(
              SELECT id::text FROM accounts WHERE id = $1 OR reseller_account_id = $1))
      ORDER BY l.created_at DESC, l.id
      LIMIT $2`,
    [resellerId, limit],
  );
  return rows;
}
