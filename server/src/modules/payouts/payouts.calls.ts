import {
  approvePayout,
  completeInHousePayout,
  createPayout,
  decidePayouts,
  formatAmount,
  getPayoutList,
  isPayoutRejectable,
  rejectPayout,
  type PayoutRow,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { PAYOUT_SUBJECT } from '../approvals/approval-subjects';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, recordRequest, type Rejection } from '../money-flow/decision';
import { heldNoticeWrites, ownerFacts } from '../money-flow/intake-status';
import { runWrites } from '../../db/writes';
import { serveList } from '../scoped-lists/list-query';
import { routedByConditions } from '../routing/routing-list-filter';
import { requireMerchant } from '../scoped-lists/scope';
import { sendPayoutToGateway } from './payout-flow';
import {
  findPayoutInScope,
  findPayoutStatus,
  PAYOUT_IN_HOUSE_ONLY,
  PAYOUT_PENDING_ONLY,
  payoutCompletedAt,
  payoutList,
  type PayoutListRow,
} from './payouts.queries';
import { changePayouts, createPayouts } from './payouts.service';

/** A pay-out as the back-office lists show it. */
export const viewPayout = (p: PayoutListRow): PayoutRow => ({
  id: p.id,
  order_id: p.order_id,
  merchant_db_code: p.merchant_db_code,
  merchant_name: p.merchant_name,
  reseller_db_code: p.reseller_db_code,
  reseller_name: p.reseller_name,
  currency: p.currency,
  amount: formatAmount(p.amount, p.currency),
  fee: formatAmount(p.fee, p.currency),
  status: p.status,
  is_in_house: p.is_in_house,
  payment_gateway_code: p.payment_gateway_code ?? '',
  gateway_reference: p.gateway_reference || null,
  bank_name: p.bank_name,
  account_number: p.account_number,
  account_holder: p.account_holder,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
  completed_at: payoutCompletedAt(p),
  approvals: p.approvals,
  approvals_required: p.approvals_required,
  decision_reason_code: p.decision_reason_code,
  decision_note: p.decision_note,
});

/**
 * An admin approves a pending pay-out; once enough distinct admins approved (maker-checker)
 * it becomes processing and, after the transaction, goes to its gateway.
 */
async function approvePayoutItem(ctx: UserCallContext, id: string, reason?: string) {
  const result = await decide(ctx, {
    action: 'payout.approve',
    targetType: 'payout',
    target: 'processing',
    id,
    reason,
    approval: PAYOUT_SUBJECT,
    change: (tx, at) => changePayouts(tx, [{ id, status: 'processing', at }]),
  });
  if (result.status === 'processing') await sendPayoutToGateway(ctx.db, id);
  return result;
}

/**
 * An admin rejects a pay-out no gateway holds yet (awaiting approval, or queued for its
 * gateway's deposit: `PAYOUT_REJECTABLE_STATUSES`): it becomes `rejected` (not `failed`: no
 * transfer was tried), its reservation is voided as a failure's is, and the merchant's
 * notification carries the reason code and note.
 */
function rejectPayoutItem(ctx: UserCallContext, id: string, rejection: Rejection) {
  return decide(ctx, {
    action: 'payout.reject',
    targetType: 'payout',
    target: 'rejected',
    id,
    rejection: { ...rejection, subject: PAYOUT_SUBJECT },
    change: async (tx, at) => {
      const current = await findPayoutStatus(tx, id);
      // One with its gateway waits for its result; one under review is the reviewer's.
      if (current && !isPayoutRejectable(current.status))
        return [{ applied: false, from: current.status, status: current.status }];
      const reason = { code: rejection.reasonCode, text: rejection.note };
      return changePayouts(tx, [{ id, status: 'rejected', at, reason }]);
    },
  });
}

/** Pay-out calls: scoped list, a merchant's request, and the admin's decisions (one or many). */
export function registerPayoutCalls(registry: CallRegistry): void {
  registry
    .list(
      getPayoutList,
      serveList(payoutList, viewPayout, (input, actor) => [
        ...(input.pendingOnly ? [PAYOUT_PENDING_ONLY] : []),
        ...(input.inHouseOnly ? [PAYOUT_IN_HOUSE_ONLY] : []),
        ...routedByConditions(input, actor, 'p'),
      ]),
    )
    .user(createPayout, async (ctx, input) => {
      requireMerchant(ctx.actor);
      return recordRequest(ctx, {
        action: 'payout.create',
        targetType: 'payout',
        currency: input.currency,
        amount: input.amount,
        input,
        risk: async (tx, amount) => ({
          kind: 'payout',
          ...(await ownerFacts(tx, ctx.actor.scopeAccountId)),
          amount,
          currency: input.currency,
          orderId: input.orderId,
          bankAccount: input.accountNumber,
        }),
        create: async (tx, amount, status) => {
          const [p] = await createPayouts(tx, [
            {
              merchantId: ctx.actor.scopeAccountId,
              orderId: input.orderId,
              currency: input.currency,
              amount,
              bankName: input.bankName,
              accountNumber: input.accountNumber,
              accountHolder: input.accountHolder,
              inHouse: input.inHouse ?? false,
              createdAt: new Date(),
              status: status ?? 'pending_approval',
            },
          ]);
          await runWrites(tx, [heldNoticeWrites('payout', [p!])]);
          const row = await findPayoutInScope(tx, ctx.actor, p!.id);
          if (!row) throw notFound('No pay-out has this id');
          return viewPayout(row);
        },
      });
    })
    .user(approvePayout, (ctx, input) => approvePayoutItem(ctx, input.id, input.reason))
    .user(rejectPayout, (ctx, input) => rejectPayoutItem(ctx, input.id, input))
    .user(
      decidePayouts,
      serveBulkDecision({
        approve: (ctx, id) => approvePayoutItem(ctx, id),
        reject: rejectPayoutItem,
      }),
    )
    .user(completeInHousePayout, (ctx, input) =>
      decide(ctx, {
        action: 'payout.complete_in_house',
        targetType: 'payout',
        target: input.outcome,
        id: input.id,
        reason: input.reason,
        change: async (tx, at) => {
          const current = await findPayoutStatus(tx, input.id);
          if (current && !current.is_in_house)
            return [{ applied: false, from: 'gateway', status: current.status }];
          return changePayouts(tx, [{ id: input.id, status: input.outcome, at }]);
        },
      }),
    );
}
