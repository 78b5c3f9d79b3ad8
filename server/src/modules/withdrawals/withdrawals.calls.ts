import {
  approveWithdrawal,
  completeWithdrawal,
  formatAmount,
  getWithdrawalList,
  rejectWithdrawal,
  requestWithdrawal,
  type WithdrawalStatus,
} from '@bo/contract';
import { notAllowed } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { decide, recordRequest } from '../money-scope/decision';
import { serveList } from '../money-scope/list-query';
import { isoOrNull, requireAdmin } from '../money-scope/scope';
import {
  WITHDRAWAL_PENDING_ONLY,
  withdrawalList,
  type WithdrawalListRow,
  type WithdrawalRecord,
} from './withdrawals.queries';
import { changeWithdrawals, requestWithdrawals } from './withdrawals.service';

const view = (w: WithdrawalRecord & Partial<WithdrawalListRow>) => ({
  id: w.id,
  reseller_db_code: w.reseller_db_code ?? '',
  reseller_name: w.reseller_name ?? '',
  currency: w.currency,
  amount: formatAmount(w.amount, w.currency),
  status: w.status,
  bank_name: w.bank_name,
  account_number: w.account_number,
  account_holder: w.account_holder,
  created_at: w.created_at.toISOString(),
  completed_at: isoOrNull(w.completed_at),
});

/** Withdrawal calls: a reseller's requests of its commission and the admin's decisions. */
export function registerWithdrawalCalls(registry: CallRegistry): void {
  registry
    .list(
      getWithdrawalList,
      serveList(withdrawalList, view, (input) =>
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
        create: async (tx, amount) => {
          const [w] = await requestWithdrawals(tx, [
            {
              resellerId: ctx.actor.scopeAccountId,
              currency: input.currency,
              amount,
              bankName: input.bankName,
              accountNumber: input.accountNumber,
              accountHolder: input.accountHolder,
              createdAt: new Date(),
            },
          ]);
          return view(w!);
        },
      });
    });
  for (const [def, target] of [
    [approveWithdrawal, 'approved'],
    [rejectWithdrawal, 'rejected'],
    [completeWithdrawal, 'completed'],
  ] as const) {
    registry.user(def, (ctx, input) => {
      requireAdmin(ctx.actor);
      return decide(ctx, {
        action: `withdrawal.${target}`,
        targetType: 'withdrawal',
        target,
        id: input.id,
        reason: input.reason,
        change: (tx) =>
          changeWithdrawals(tx, [
            { id: input.id, status: target as WithdrawalStatus, at: new Date() },
          ]),
      });
    });
  }
}
