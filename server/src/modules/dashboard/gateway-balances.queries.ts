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
 * Active gateways of `currency` (all when null) with what each holds for the platform (the
 * negated balance of its clearing account in the ledger), and every inactive gateway.
 */
export async function findGatewayBalances(db: Queryable, currency: string | null) {
  const { rows } = await db.query<GatewayBalanceRow>(
    `SELECT g.id, g.payment_gateway_name, g.payment_gateway_code, g.currency, g.status, g.balance_limit,
            coalesce((SELECT -sum(${currentBalanceSql('la')}) FROM ledger_accounts la
                       WHERE la.owner_kind = 'gateway' AND la.owner_id = g.id), 0)::bigint AS balance
       FROM payment_gateways g
      ORDER BY g.payment_gateway_code`,
  );
  // The balances follow the chosen currency; the inactive ones are named whatever it is, so the
  // admin's warning never misses one.
  return {
    active: rows.filter(
      (r) => r.status === 'activated' && (currency === null || r.currency === currency),
    ),
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
