import type { Queryable } from '../db/db';
import { postDepositAdjustment } from '../modules/gateway-admin/gateway-admin.service';

/** The share of its deposit limit each demo gateway is funded with before any history. */
const OPENING_SHARE_PERCENT = 10n;

/**
 * Funds each demo gateway's deposit before any payment (idempotent: a gateway with a deposit
 * adjustment already is left alone), as an operator's first "increase deposit" would, by no
 * user, dated `at` (the contracts' start). Pay-outs go to a gateway only when its deposit
 * covers them (issue 43), so a world without it would queue them all.
 */
export async function seedDemoGatewayDeposits(db: Queryable, at: Date): Promise<void> {
  const { rows } = await db.query<{ id: string; currency: string; balance_limit: bigint }>(
    `SELECT g.id, g.currency, g.balance_limit FROM payment_gateways g
      WHERE NOT EXISTS (SELECT 1 FROM gateway_deposit_adjustments a WHERE a.gateway_id = g.id)
      ORDER BY g.payment_gateway_code`,
  );
  for (const g of rows) {
    const delta = (g.balance_limit * OPENING_SHARE_PERCENT) / 100n;
    if (delta <= 0n) continue;
    await postDepositAdjustment(db, {
      gatewayId: g.id,
      currency: g.currency,
      delta,
      before: 0n,
      reason: 'Opening deposit of the demo world',
      by: 'demo seed',
      createdBy: null,
      at,
    });
  }
}
