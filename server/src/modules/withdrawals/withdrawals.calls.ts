import {
  approveWithdrawal,
  completeWithdrawal,
  decideWithdrawals,
  formatAmount,
  getWithdrawalList,
  rejectWithdrawal,
  requestWithdrawal,
  type WithdrawalStatus,
} from '@bo/contract';
import { notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { WITHDRAWAL_SUBJECT } from '../approvals/approval-subjects';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, recordRequest, type Rejection } from '../money-flow/decision';
import { ownerFacts } from '../money-flow/intake-status';
import { serveList } from '../scoped-lists/list-query';
import { isoOrNull, requireAdmin } from '../scoped-lists/scope';
import {
  WITHDRAWAL_PENDING_ONLY,
  withdrawalList,
  type WithdrawalListRow,
} from './withdrawals.queries';
import { changeWithdrawals, requestWithdrawals } from './withdrawals.service';

/** A withdrawal as the back-office lists show it. */
export const viewWithdrawal = (w: WithdrawalListRow) => ({
  id: w.id,
  reseller_db_code: w.reseller_db_code,
  reseller_name: w.reseller_name,
  currency: w.currency,
  amount: formatAmount(w.amount, w.currency),
  status: w.status,
  bank_name: w.bank_name,
  account_number: w.account_number,
  account_holder: w.account_holder,
  created_at: w.created_at.toISOString(),
  updated_at: w.updated_at.toISOString(),
  completed_at: isoOrNull(w.completed_at),
  approvals: w.approvals,
  approvals_required: w.approvals_required,
  decision_reason_code: w.decision_reason_code,
  decision_note: w.decision_note,
});

/**
 * One admin decision on a withdrawal: approve (maker-checker), reject with a reason (void) or
 * complete (post).
 */
async function decideWithdrawal(
  ctx: UserCallContext,
  target: WithdrawalStatus,
  id: string,
  extra: { reason?: string; rejection?: Rejection } = {},
) {
  requireAdmin(ctx.actor);
  return decide(ctx, {
    action: `withdrawal.${target}`,
    targetType: 'withdrawal',
    target,
    id,
    reason: extra.reason,
    approval: target === 'approved' ? WITHDRAWAL_SUBJECT : undefined,
    rejection: extra.rejection ? { ...extra.rejection, subject: WITHDRAWAL_SUBJECT } : undefined,
    change: (tx, at) => changeWithdrawals(tx, [{ id, status: target, at }]),
  });
}

/** Withdrawal calls: a reseller's requests of its commission and the admin's decisions. */
export function registerWithdrawalCalls(registry: CallRegistry): void {
  registry
    .list(
      getWithdrawalList,
      serveList(withdrawalList, viewWithdrawal, (input) =>
        input.pendingOnly ? [WITHDRAWAL_PENDING_ONLY] : [],
      ),
    )
    .user(requestWithdrawal, async (ctx, input) => {
      if (ctx.actor.accountType !== 'reseller')
        throw notAllowed('Only a reseller can withdraw commission');
      return recordRequest(ctx, {
        action: 'withdrawal.request',
        targetType: 'withdrawal',
        currency: input.currency,
        amount: input.amount,
        input,
        risk: async (tx, amount) => ({
          kind: 'withdrawal',
          ...(await ownerFacts(tx, ctx.actor.scopeAccountId)),
          amount,
          currency: input.currency,
          orderId: null,
          bankAccount: input.accountNumber,
        }),
        create: async (tx, amount, status) => {
          const [w] = await requestWithdrawals(tx, [
            {
              resellerId: ctx.actor.scopeAccountId,
              currency: input.currency,
              amount,
              bankName: input.bankName,
              accountNumber: input.accountNumber,
              accountHolder: input.accountHolder,
              createdAt: new Date(),
              status,
            },
          ]);
          const row = await withdrawalList.byId(tx, ctx.actor, w!.id);
          if (!row) throw notFound('No withdrawal has this id');
          return viewWithdrawal(row);
        },
      });
    })
    .user(approveWithdrawal, (ctx, input) =>
      decideWithdrawal(ctx, 'approved', input.id, { reason: input.reason }),
    )
    .user(rejectWithdrawal, (ctx, input) =>
      decideWithdrawal(ctx, 'rejected', input.id, { rejection: input }),
    )
    .user(completeWithdrawal, (ctx, input) =>
      decideWithdrawal(ctx, 'completed', input.id, { reason: input.reason }),
    )
    .user(
      decideWithdrawals,
      serveBulkDecision({
        approve: (ctx, id) => decideWithdrawal(ctx, 'approved', id),
        reject: (ctx, id, rejection) => decideWithdrawal(ctx, 'rejected', id, { rejection }),
      }),
    );
}
