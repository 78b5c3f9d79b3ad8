import type { Db } from '../../db/db';
import { refusalsOf, rerouteWithout } from '../routing/hand-over-fallback';
import { redecidedWrites } from '../routing/routing-decisions';
import { admitToGateways } from './payout-headroom';
import { payoutsTable } from './payouts.queries';
import { gatewayNeed, PAYOUT_ROUTED, repointPayout } from './payouts.service';

/**
 * The fallback at hand-over for a pay-out (issue 43; docs/routing.md, "Fallback at hand-over"):
 * a pay-out a routing profile sent to a gateway that refused to start it is routed again, that
 * gateway and those that refused before it taken for inactive. The new gateway must admit it as
 * a new pay-out is admitted (its deposit, net of what is in flight there, covers its amount and
 * cost, under the gateway's lock); then the pay-out is re-pointed there (gateway, cost and fee
 * split, rollups, the decision kept with the refusals first) and stays in `processing`, to be
 * handed over again. `refusedBy` is the gateway that has just refused it. Answers whether it
 * moved: false when no profile routed it, it moved meanwhile, routing has no other gateway, or
 * the one it picks cannot pay it now; its gateway's refusal then rejects it, as before.
 */
export async function repointPayoutAfterRefusal(
  db: Db,
  payoutId: string,
  refusedBy: string,
): Promise<boolean> {
  const refused = await refusalsOf(db, payoutId, refusedBy);
  if (!refused) return false;
  return db.transaction(async (tx) => {
    const [row] = await payoutsTable.lock(tx, [payoutId]);
    if (
      !row ||
      row.status !== 'processing' ||
      row.gateway_id !== refusedBy ||
      row.gateway_reference !== ''
    )
      return false;
    const next = await rerouteWithout(tx, row, PAYOUT_ROUTED, refused);
    if (!next) return false;
    // Its reservation holds its amount and fee: a fee routing would change is no fallback.
    if (next.split.fee !== row.fee) return false;
    const moved = {
      ...row,
      gateway_id: next.gateway.id,
      reseller_commission: next.split.resellerCommission,
      platform_profit: next.split.platformProfit,
      gateway_cost: next.split.gatewayCost,
      updated_at: new Date(),
    };
    const [admitted] = await admitToGateways(tx, [
      { gatewayId: next.gateway.id, need: gatewayNeed(moved) },
    ]);
    if (!admitted) return false;
    await repointPayout(tx, row, moved, redecidedWrites(row.id, next.route));
    return true;
  });
}
