import {
  adjustmentLeastApprovals,
  approveAdjustment,
  createAdjustment,
  decideAdjustments,
  formatAmount,
  getAdjustmentList,
  rejectAdjustment,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { readPlatformSettings } from '../app-settings/settings.service';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, recordRequest, type Rejection } from '../money-flow/decision';
import { serveList } from '../scoped-lists/list-query';
import { findAccountInScope } from '../scoped-lists/scope';
import {
  checkDebitCovered,
  checkOwnerBalance,
  checkOwnerCurrency,
  checkRelatedItem,
} from './adjustment-checks';
import { apiAdjustmentView } from './adjustment-api';
import { queueAdjustmentMail } from './adjustment-mail';
import {
  ADJUSTMENT_PENDING_ONLY,
  ADJUSTMENT_SUBJECT,
  adjustmentList,
  type AdjustmentListRow,
} from './adjustments.queries';
import { changeAdjustments, createAdjustments } from './adjustments.service';

/** An adjustment as the back-office lists show it: the API's view, its owner and its decisions. */
export const viewAdjustment = (j: AdjustmentListRow) => ({
  ...apiAdjustmentView(j),
  signed_amount: formatAmount(j.signed_amount, j.currency),
  owner_db_code: j.owner_db_code,
  owner_name: j.owner_name,
  owner_type: j.owner_type,
  updated_at: j.updated_at.toISOString(),
  approvals: j.approvals,
  approvals_required: j.approvals_required,
  decision_reason_code: j.decision_reason_code,
  decision_note: j.decision_note,
});

/**
 * Another admin approves an adjustment; the last approval it needs posts its journal (a debit
 * the balance no longer covers is refused then, and nothing changes) and mails the owner.
 */
const approveAdjustmentItem = (ctx: UserCallContext, id: string, reason?: string) =>
  decide(ctx, {
    action: 'adjustment.approve',
    targetType: 'adjustment',
    target: 'approved',
    id,
    reason,
    approval: ADJUSTMENT_SUBJECT,
    change: async (tx, at) => {
      const results = await changeAdjustments(tx, [{ id, status: 'approved', at }]);
      for (const r of results)
        if (r.applied && r.record) await queueAdjustmentMail(tx, ctx.config, r.record);
      return results;
    },
  });

/** An admin rejects an adjustment with a reason: nothing moves. */
const rejectAdjustmentItem = (ctx: UserCallContext, id: string, rejection: Rejection) =>
  decide(ctx, {
    action: 'adjustment.reject',
    targetType: 'adjustment',
    target: 'rejected',
    id,
    rejection: { ...rejection, subject: ADJUSTMENT_SUBJECT },
    change: (tx, at) => changeAdjustments(tx, [{ id, status: 'rejected', at }]),
  });

/** Adjustment calls (admins with the administrator module): list, ask, approve, reject. */
export function registerAdjustmentCalls(registry: CallRegistry): void {
  registry
    .list(
      getAdjustmentList,
      serveList(adjustmentList, viewAdjustment, (input) =>
        input.pendingOnly ? [ADJUSTMENT_PENDING_ONLY] : [],
      ),
    )
    .user(createAdjustment, (ctx, input) =>
      recordRequest(ctx, {
        action: 'adjustment.create',
        targetType: 'adjustment',
        currency: input.currency,
        amount: input.amount,
        input,
        create: async (tx, amount) => {
          const owner = await findAccountInScope(tx, ctx.actor, input.ownerDbCode);
          const ownerType = checkOwnerBalance(owner, input.balance);
          await checkOwnerCurrency(tx, owner, input.currency);
          await checkDebitCovered(tx, { ...input, owner, amount });
          const relatedId = await checkRelatedItem(tx, ctx.actor, owner, input.relatedId);
          const settings = await readPlatformSettings(tx, ctx.config);
          const [created] = await createAdjustments(tx, [
            {
              ownerId: owner.id,
              ownerType,
              resellerId: owner.reseller_account_id,
              direction: input.direction,
              balance: input.balance,
              currency: input.currency,
              amount,
              reasonCode: input.reasonCode,
              note: input.note,
              relatedId,
              minApprovals: adjustmentLeastApprovals(
                input.direction,
                amount,
                input.currency,
                settings.adjustment_third_approver_from,
              ),
              createdBy: ctx.actor.accountId,
              createdAt: new Date(),
            },
          ]);
          const row = await adjustmentList.byId(tx, ctx.actor, created!.id);
          if (!row) throw notFound('No adjustment has this id');
          return viewAdjustment(row);
        },
      }),
    )
    .user(approveAdjustment, (ctx, input) => approveAdjustmentItem(ctx, input.id, input.reason))
    .user(rejectAdjustment, (ctx, input) => rejectAdjustmentItem(ctx, input.id, input))
    .user(
      decideAdjustments,
      serveBulkDecision({
        approve: (ctx, id) => approveAdjustmentItem(ctx, id),
        reject: rejectAdjustmentItem,
      }),
    );
}
