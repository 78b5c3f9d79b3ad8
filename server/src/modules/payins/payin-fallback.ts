import type { Db } from '../../db/db';
import { refusalsOf, rerouteWithout } from '../routing/hand-over-fallback';
import { redecidedWrites } from '../routing/routing-decisions';
import { PAYIN_ROUTED, repointPayin } from './payins.service';
import { lockPayins, type PayinRecord } from './payins.queries';

/**
 * The fallback at hand-over (issue 43; docs/routing.md, "Fallback at hand-over"): a pay-in a
 * routing profile sent to a gateway that refused to start it is routed again, that gateway and
 * those that refused before it taken for inactive, and re-pointed at the new choice (gateway,
 * cost and fee split re-priced, rollups moved, the decision kept with the refusals first).
 * Answers the pay-in as it now stands, or null when there is no fallback: no profile routed it,
 * it moved meanwhile, or routing has no other gateway that has not refused it.
 */
export async function repointAfterRefusal(db: Db, payin: PayinRecord): Promise<PayinRecord | null> {
  const refused = await refusalsOf(db, payin.id, payin.gateway_id);
  if (!refused) return null;
  return db.transaction(async (tx) => {
    const [row] = await lockPayins(tx, [payin.id]);
    if (!row || row.status !== 'created' || row.gateway_id !== payin.gateway_id) return null;
    const next = await rerouteWithout(tx, row, PAYIN_ROUTED, refused);
    if (!next) return null;
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
    await repointPayin(tx, row, moved, redecidedWrites(row.id, next.route));
    return moved;
  });
}
