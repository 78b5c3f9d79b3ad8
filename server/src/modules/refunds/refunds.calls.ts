import {
  approveRefund,
  decideRefunds,
  formatAmount,
  getRefundList,
  quoteRefund,
  readPositiveAmount,
  rejectRefund,
  requestRefund,
  type RefundRow,
} from '@bo/contract';
import { badField, badInput, notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { subjectOfKind } from '../approvals/approval-subjects';
import { readPlatformSettings } from '../app-settings/settings.service';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, recordRequest, type Rejection } from '../money-flow/decision';
import { serveList } from '../scoped-lists/list-query';
import type { FixedCondition } from '../scoped-lists/list-totals';
import { isUuid } from '../../http/validation';
import { isoOrNull } from '../scoped-lists/scope';
import { findPayinInScope } from '../payins/payins.service';
import { priceRefund } from './refund-pricing';
import { sendRefundToGateway } from './refund-flow';
import {
  lockRefundStatus,
  readPayinForRefund,
  REFUND_PENDING_ONLY,
  refundList,
  type RefundListRow,
} from './refunds.queries';
import { changeRefunds, createRefund } from './refunds.service';

export const REFUND_SUBJECT = subjectOfKind('refund');

/** The refunds of one pay-in (the pay-in's drawer); a text that is no id matches none. */
const refundsOfPayin = (payinId: string): FixedCondition =>
  isUuid(payinId) ? `f.payin_id = '${payinId}'` : 'false';

/** A refund as the back-office lists show it. */
export const viewRefund = (r: RefundListRow): RefundRow => ({
  id: r.id,
  payin_id: r.payin_id,
  order_id: r.order_id,
  merchant_refund_id: r.merchant_refund_id,
  merchant_db_code: r.merchant_db_code,
  merchant_name: r.merchant_name,
  reseller_db_code: r.reseller_db_code,
  reseller_name: r.reseller_name,
  currency: r.currency,
  amount: formatAmount(r.amount, r.currency),
  fee: formatAmount(r.fee, r.currency),
  fee_returned: formatAmount(r.fee_returned, r.currency),
  status: r.status,
  reason: r.reason,
  payment_gateway_code: r.payment_gateway_code,
  gateway_reference: r.gateway_reference || null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  completed_at: r.status === 'succeeded' ? isoOrNull(r.completed_at) : null,
  approvals: r.approvals,
  approvals_required: r.approvals_required,
  decision_reason_code: r.decision_reason_code,
  decision_note: r.decision_note,
});

/**
 * The pay-in a back-office refund is for, in the caller's scope (another merchant's is not
 * found), and whose refund it is: a merchant refunds its own; an admin refunds on a merchant's
 * behalf and must say why. A reseller only looks.
 */
async function refundTarget(ctx: UserCallContext, payinId: string) {
  const { actor } = ctx;
  if (actor.accountType !== 'merchant' && actor.accountType !== 'admin')
    throw notAllowed('Only a merchant, or an admin on its behalf, can refund a pay-in');
  const payin = await findPayinInScope(ctx.db, actor, payinId);
  if (!payin) throw notFound('No pay-in in your scope has this id');
  return payin;
}

const returnsPayinFee = async (ctx: UserCallContext) =>
  (await readPlatformSettings(ctx.db, ctx.config)).refund_returns_payin_fee === 1;

/** Approves a refund; once two admins approved (maker-checker) it goes to its gateway. */
async function approveRefundItem(ctx: UserCallContext, id: string, reason?: string) {
  const result = await decide(ctx, {
    action: 'refund.approve',
    targetType: 'refund',
    target: 'processing',
    id,
    reason,
    approval: REFUND_SUBJECT,
    change: (tx, at) => changeRefunds(tx, [{ id, status: 'processing', at }]),
  });
  if (result.status === 'processing') await sendRefundToGateway(ctx.db, id);
  return result;
}

/** Rejects a refund awaiting approval: its reservation is voided and the merchant told. */
function rejectRefundItem(ctx: UserCallContext, id: string, rejection: Rejection) {
  return decide(ctx, {
    action: 'refund.reject',
    targetType: 'refund',
    target: 'rejected',
    id,
    rejection: { ...rejection, subject: REFUND_SUBJECT },
    change: async (tx, at) => {
      // Only a refund still awaiting approval can be rejected; one at its gateway waits for its
      // result. Judged under the row's lock: an approval committed meanwhile (the refund sent to
      // its gateway) is seen here, and the reject is a 409 instead of voiding a paid refund.
      const current = await lockRefundStatus(tx, id);
      if (current && current !== 'pending_approval')
        return [{ applied: false, from: current, status: current }];
      return changeRefunds(tx, [{ id, status: 'rejected', at }]);
    },
  });
}

/** Refund calls: the scoped list, the quote, a request, and the admins' decisions. */
export function registerRefundCalls(registry: CallRegistry): void {
  registry
    .list(
      getRefundList,
      serveList(refundList, viewRefund, (input) => [
        ...(input.pendingOnly ? [REFUND_PENDING_ONLY] : []),
        ...(input.payinId ? [refundsOfPayin(input.payinId)] : []),
      ]),
    )
    .user(quoteRefund, async (ctx, input) => {
      const payin = await refundTarget(ctx, input.payinId);
      const read = readPositiveAmount(input.amount, payin.currency);
      if (!read.ok) throw badInput(`amount ${read.message}`);
      const returns = await returnsPayinFee(ctx);
      // A quote only reads: the request locks the pay-in and prices it again.
      const target = await readPayinForRefund(ctx.db, payin.id, payin.merchant_account_id, {
        lock: false,
      });
      if (!target) throw notFound('No pay-in in your scope has this id');
      const price = await priceRefund(ctx.db, target, read.minor, returns, new Date());
      const f = (v: bigint) => formatAmount(v, payin.currency);
      const total = price.amount + price.fee;
      return {
        payin_id: payin.id,
        currency: payin.currency,
        amount: f(price.amount),
        refundable: f(price.refundable < 0n ? 0n : price.refundable),
        fee: f(price.fee),
        total: f(total),
        available: f(price.available),
        remaining: f(price.available - total),
        fee_returned: f(price.feeReturned),
        enough: price.available >= total,
        needs_approval: price.needsApproval,
      };
    })
    .user(requestRefund, async (ctx, input) => {
      const payin = await refundTarget(ctx, input.payinId);
      if (ctx.actor.accountType === 'admin' && !input.reason)
        throw badField({
          field: 'reason',
          rule: 'is required when an admin refunds on a merchant’s behalf',
          kind: 'required',
        });
      const returns = await returnsPayinFee(ctx);
      const result = await recordRequest(ctx, {
        action: 'refund.create',
        targetType: 'refund',
        currency: payin.currency,
        amount: input.amount,
        input,
        create: async (tx, amount) => {
          const refund = await createRefund(tx, {
            merchantId: payin.merchant_account_id,
            payinId: payin.id,
            amount,
            reason: input.reason ?? '',
            merchantRefundId: null,
            createdBy: ctx.actor.accountId,
            at: new Date(),
            returnsPayinFee: returns,
          });
          const row = await refundList.byId(tx, ctx.actor, refund.id);
          if (!row) throw notFound('No refund has this id');
          return viewRefund(row);
        },
      });
      if (result.status === 'processing') await sendRefundToGateway(ctx.db, result.id);
      return result;
    })
    .user(approveRefund, (ctx, input) => approveRefundItem(ctx, input.id, input.reason))
    .user(rejectRefund, (ctx, input) => rejectRefundItem(ctx, input.id, input))
    .user(
      decideRefunds,
      serveBulkDecision({
        approve: (ctx, id) => approveRefundItem(ctx, id),
        reject: rejectRefundItem,
      }),
    );
}
