import type { Db } from '../../db/db';
import { priceNewMovements, type Routing } from '../contracts/pricing-context';
import { gatewayRouting } from '../routing/routing-context';
import type { RouteDecision } from '../routing/routing-decide';
import { findRefusedGateways, redecidedWrites } from '../routing/routing-decisions';
import { PAYIN_ROUTED, repointPayin } from './payins.service';
import { lockPayins, type PayinRecord } from './payins.queries';

/** Pay-in routing as intake routes, the gateways in `refused` taken for inactive. */
function routingWithout(refused: ReadonlySet<string>): Routing<RouteDecision> {
  const routing = gatewayRouting(PAYIN_ROUTED);
  return async (db, facts) => {
    const router = await routing(db, facts);
    return (
      router &&
      ((f, routeKey, activeIds) =>
        router(f, routeKey, new Set([...activeIds].filter((id) => !refused.has(id)))))
    );
  };
}

/**
 * The fallback at hand-over (issue 43; docs/routing.md, "Fallback at hand-over"): a pay-in a
 * routing profile sent to a gateway that refused to start it is routed again, that gateway and
 * those that refused before it taken for inactive, and re-pointed at the new choice (gateway,
 * cost and fee split re-priced, rollups moved, the decision kept with the refusals first).
 * Answers the pay-in as it now stands, or null when there is no fallback: no profile routed it,
 * it moved meanwhile, or routing has no other gateway that has not refused it.
 */
export async function repointAfterRefusal(db: Db, payin: PayinRecord): Promise<PayinRecord | null> {
  const before = await findRefusedGateways(db, payin.id);
  if (before === null) return null;
  const { rows: gateways } = await db.query<{ id: string; code: string }>(
    'SELECT id, payment_gateway_code AS code FROM payment_gateways WHERE currency = $1',
    [payin.currency],
  );
  const refusedCodes = [
    ...before,
    gateways.find((g) => g.id === payin.gateway_id)?.code ?? payin.gateway_id,
  ];
  const refused = new Set(gateways.filter((g) => refusedCodes.includes(g.code)).map((g) => g.id));
  return db.transaction(async (tx) => {
    const [row] = await lockPayins(tx, [payin.id]);
    if (!row || row.status !== 'created' || row.gateway_id !== payin.gateway_id) return null;
    const { priced } = await priceNewMovements(
      tx,
      [
        {
          id: row.id,
          merchantId: row.merchant_account_id,
          orderId: row.order_id,
          currency: row.currency,
          amount: row.amount,
          createdAt: row.created_at,
        },
      ],
      'payin',
      () => true,
      routingWithout(refused),
    );
    const next = priced[0];
    // No profile routes it now, or only a gateway that refused is left: no fallback.
    if (!next?.gateway || !next.route || refused.has(next.gateway.id)) return null;
    const moved: PayinRecord = {
      ...row,
      gateway_id: next.gateway.id,
      fee: next.split.fee,
      net_amount: next.split.merchantNet,
      reseller_commission: next.split.resellerCommission,
      platform_profit: next.split.platformProfit,
      gateway_cost: next.split.gatewayCost,
      updated_at: new Date(),
    };
    await repointPayin(
      tx,
      row,
      moved,
      redecidedWrites(row.id, next.gateway.id, refusedCodes, next.route),
    );
    return moved;
  });
}
