import { AppError } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { checkRejectReason } from '../approvals/approvals.service';
import type { DecisionAnswer, Rejection } from './decision';
import { requireAdmin } from '../scoped-lists/scope';

/** One item's outcome in a bulk decision. */
export interface BulkItemResult {
  id: string;
  ok: boolean;
  status?: string;
  approvals?: number;
  approvals_required?: number;
  message?: string;
}

/** How one kind decides one item: the same functions its single-item calls use. */
export interface ItemDecisions {
  approve: (ctx: UserCallContext, id: string) => Promise<DecisionAnswer>;
  reject: (ctx: UserCallContext, id: string, rejection: Rejection) => Promise<DecisionAnswer>;
}

/**
 * A bulk approve or reject, served item by item, in the order asked: each item is decided
 * exactly as its single-item call would (its own transaction, maker-checker, lifecycle), so a
 * re-run changes nothing twice and an item already decided reports its refusal without
 * stopping the others. Who decides and a rejection's reason code are checked once, first.
 */
export function serveBulkDecision(decisions: ItemDecisions) {
  return async (
    ctx: UserCallContext,
    input: { ids: string[]; decision: 'approve' | 'reject'; reasonCode?: string; note?: string },
  ): Promise<{ results: BulkItemResult[] }> => {
    // Only admins decide; a reason that is not on the list refuses the whole call at once.
    requireAdmin(ctx.actor);
    if (input.decision === 'reject') await checkRejectReason(ctx.db, input.reasonCode ?? '');
    const results: BulkItemResult[] = [];
    for (const id of input.ids) {
      try {
        const answer =
          input.decision === 'approve'
            ? await decisions.approve(ctx, id)
            : await decisions.reject(ctx, id, {
                reasonCode: input.reasonCode ?? '',
                note: input.note ?? '',
              });
        results.push({ ...answer, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) {
          ctx.log.error({ err: error, id }, 'bulk decision item failed');
          results.push({ id, ok: false, message: 'This item could not be decided' });
          continue;
        }
        results.push({ id, ok: false, message: error.message });
      }
    }
    return { results };
  };
}
