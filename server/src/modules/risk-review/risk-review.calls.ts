import {
  approveHeldItem,
  declineHeldItem,
  decideHeldItems,
  formatAmount,
  getRiskReviewList,
  type RiskRuleKind,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import type { Rejection } from '../money-flow/decision';
import { serveList } from '../scoped-lists/list-query';
import type { ListInput } from '../scoped-lists/list-spec';
import { heldItemsList, heldKindIs, type HeldItemRecord } from './held-items.queries';
import { approveHeld, declineHeld } from './risk-review.service';

/** A held item as the queue shows it. */
export const viewHeldItem = (h: HeldItemRecord) => ({
  kind: h.kind,
  id: h.id,
  merchant_db_code: h.merchant_db_code,
  reseller_db_code: h.reseller_db_code,
  order_id: h.order_id,
  destination: h.destination,
  currency: h.currency,
  amount: formatAmount(h.amount, h.currency),
  fee: formatAmount(h.fee, h.currency),
  status: h.status,
  created_at: h.created_at.toISOString(),
  held_by: h.held_by ?? [],
  approvals: h.approvals,
  approvals_required: h.approvals_required,
  decision_reason_code: h.decision_reason_code,
  decision_note: h.decision_note,
});

/** The queue, built when first asked (the kinds register their review facets at start). */
const servedQueue = () =>
  serveList(heldItemsList(), viewHeldItem, (input: ListInput & { kind?: RiskRuleKind }) =>
    input.kind ? [heldKindIs(input.kind)] : [],
  );

/** The risk review queue and its decisions (admins who run the held item's kind). */
export function registerRiskReviewCalls(registry: CallRegistry): void {
  registry
    .list(getRiskReviewList, {
      page: (ctx, input) => servedQueue().page(ctx, input),
      chunks: (ctx, input) => servedQueue().chunks(ctx, input),
      // The list kit's totals strip: count, amount and fee of every held item matching.
      totals: (ctx, input) => {
        const { totals } = servedQueue();
        if (!totals) throw new Error('the review queue adds up its amounts');
        return totals(ctx, input);
      },
    })
    .user(approveHeldItem, (ctx, input) => approveHeld(ctx, input.id, input.reason))
    .user(declineHeldItem, (ctx, input) => declineHeld(ctx, input.id, input))
    .user(
      decideHeldItems,
      serveBulkDecision({
        approve: (ctx: UserCallContext, id: string) => approveHeld(ctx, id),
        reject: (ctx: UserCallContext, id: string, rejection: Rejection) =>
          declineHeld(ctx, id, rejection),
      }),
    );
}
