import {
  formatAmount,
  formatPercentPpm,
  successPercent,
  type PaymentGatewayRow,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { findGatewayFigures, type GatewayRow } from './gateways.queries';

/** Shapes gateways as the back-office shows them, with their ledger and rollup figures. */
export async function viewGateways(
  db: Queryable,
  rows: readonly GatewayRow[],
): Promise<PaymentGatewayRow[]> {
  const figures = await findGatewayFigures(db, rows);
  return rows.map((g) => {
    const f = figures.get(g.id)!;
    return {
      id: g.id,
      payment_gateway_name: g.payment_gateway_name,
      payment_gateway_code: g.payment_gateway_code,
      payment_db_code: g.payment_db_code,
      currency: g.currency,
      country: g.country,
      status: g.status,
      wallet_info: { pg_deposit_balance: formatAmount(f.deposit_balance, g.currency) },
      rate_info: {
        balance_limit: formatAmount(g.balance_limit, g.currency),
        payin_cost_percent: formatPercentPpm(g.payin_cost_ppm),
        payin_cost_fixed: formatAmount(g.payin_cost_fixed, g.currency),
        payout_cost_percent: formatPercentPpm(g.payout_cost_ppm),
        payout_cost_fixed: formatAmount(g.payout_cost_fixed, g.currency),
      },
      success_rate: successPercent(f.succeeded, f.finished),
    };
  });
}
