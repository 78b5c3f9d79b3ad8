import type { Queryable } from '../../db/db';
import { currentBalanceSql } from '../../ledger/ledger-accounts';

interface GatewayBalanceRow {
  id: string;
  payment_gateway_name: string;
  payment_gateway_code: string;
  currency: string;
  status: string;
  balance_limit: bigint;
  balance: bigint;
}

/**
 * Gateways of `currency` (all when null) split into active and inactive, with what each holds
 * for the platform (the negated balance of its clearing account in the ledger).
 */
export async function findGatewayBalances(db: Queryable, currency: string | null) {
  const { rows } = await db.query<GatewayBalanceRow>(
    `SELECT g.id, g.payment_gateway_name, g.payment_gateway_code, g.currency, g.status, g.balance_limit,
            coalesce((SELECT -sum(${currentBalanceSql('la')}) FROM ledger_accounts la
                       WHERE la.owner_kind = 'gateway' AND la.owner_id = g.id), 0)::bigint AS balance
       FROM payment_gateways g
      WHERE $1::text IS NULL OR g.currency = $1
      ORDER BY g.payment_gateway_code`,
    [currency],
  );
  return {
    active: rows.filter((r) => r.status === 'activated'),
    inactive: rows
      .filter((r) => r.status !== 'activated')
      .map((r) => ({
        id: r.id,
        payment_gateway_name: r.payment_gateway_name,
        currency: r.currency,
      })),
    balances: new Map(rows.map((r) => [r.payment_gateway_code, r.balance])),
  };
}
