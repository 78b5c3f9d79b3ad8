import {
  approveTopUp,
  createTopUp,
  decideTopUps,
  formatAmount,
  getTopUpList,
  rejectTopUp,
} from '@bo/contract';
import { badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { TOP_UP_SUBJECT } from '../approvals/approval-subjects';
import { hasContractInForce } from '../contracts/contracts.service';
import { serveBulkDecision } from '../money-flow/bulk-decisions';
import { decide, recordRequest, type Rejection } from '../money-flow/decision';
import { serveList } from '../scoped-lists/list-query';
import { findAccountInScope, isoOrNull } from '../scoped-lists/scope';
import { topUpList, type TopUpListRow } from './top-ups.queries';
import { changeTopUps, createTopUps } from './top-ups.service';

/** A top-up as the back-office lists show it. */
export const viewTopUp = (t: TopUpListRow) => ({
  id: t.id,
  merchant_db_code: t.merchant_db_code,
  merchant_name: t.merchant_name,
  currency: t.currency,
  amount: formatAmount(t.amount, t.currency),
  status: t.status,
  note: t.note,
  created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
  decided_at: isoOrNull(t.decided_at),
  approvals: t.approvals,
  approvals_required: t.approvals_required,
  decision_reason_code: t.decision_reason_code,
  decision_note: t.decision_note,
});

/** An admin other than the one who recorded it approves a top-up: the pay-out balance is credited. */
const approveTopUpItem = (ctx: UserCallContext, id: string, reason?: string) =>
  decide(ctx, {
    action: 'top_up.approve',
    targetType: 'top_up',
    target: 'approved',
    id,
    reason,
    approval: TOP_UP_SUBJECT,
    change: (tx, at) => changeTopUps(tx, [{ id, status: 'approved', at }]),
  });

/** An admin rejects a top-up with a reason: nothing is credited. */
const rejectTopUpItem = (ctx: UserCallContext, id: string, rejection: Rejection) =>
  decide(ctx, {
    action: 'top_up.reject',
    targetType: 'top_up',
    target: 'rejected',
    id,
    rejection: { ...rejection, subject: TOP_UP_SUBJECT },
    change: (tx, at) => changeTopUps(tx, [{ id, status: 'rejected', at }]),
  });

/** Top-up calls (admin): list, record, approve (credits the pay-out balance), reject. */
export function registerTopUpCalls(registry: CallRegistry): void {
  registry
    .list(getTopUpList, serveList(topUpList, viewTopUp))
    .user(createTopUp, (ctx, input) =>
      recordRequest(ctx, {
        action: 'top_up.create',
        targetType: 'top_up',
        currency: input.currency,
        amount: input.amount,
        input,
        create: async (tx, amount) => {
          const merchant = await findAccountInScope(tx, ctx.actor, input.merchantDbCode);
          if (merchant.account_type !== 'merchant')
            throw badInput('merchantDbCode must name a merchant');
          // A balance in a currency the merchant cannot pay out in would be stranded.
          if (!(await hasContractInForce(tx, merchant.id, input.currency, new Date())))
            throw badInput(
              `currency: ${merchant.account_db_code} has no contract in ${input.currency}, so it cannot be topped up in it`,
            );
          const [t] = await createTopUps(tx, [
            {
              merchantId: merchant.id,
              resellerId: merchant.reseller_account_id,
              currency: input.currency,
              amount,
              note: input.note ?? '',
              createdBy: ctx.actor.accountId,
              createdAt: new Date(),
            },
          ]);
          const row = await topUpList.byId(tx, ctx.actor, t!.id);
          if (!row) throw notFound('No top-up has this id');
          return viewTopUp(row);
        },
      }),
    )
    .user(approveTopUp, (ctx, input) => approveTopUpItem(ctx, input.id, input.reason))
    .user(rejectTopUp, (ctx, input) => rejectTopUpItem(ctx, input.id, input))
    .user(
      decideTopUps,
      serveBulkDecision({
        approve: (ctx, id) => approveTopUpItem(ctx, id),
        reject: rejectTopUpItem,
      }),
    );
}
