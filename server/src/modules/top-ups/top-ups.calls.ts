import { approveTopUp, createTopUp, formatAmount, getTopUpList, rejectTopUp } from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { decide, recordRequest } from '../money-scope/decision';
import { serveList } from '../money-scope/list-query';
import { findAccountInScope, isoOrNull } from '../money-scope/scope';
import { topUpList, type TopUpListRow, type TopUpRecord } from './top-ups.queries';
import { changeTopUps, createTopUps } from './top-ups.service';

const view = (t: TopUpRecord & Partial<TopUpListRow>) => ({
  id: t.id,
  merchant_db_code: t.merchant_db_code ?? '',
  merchant_name: t.merchant_name ?? '',
  currency: t.currency,
  amount: formatAmount(t.amount, t.currency),
  status: t.status,
  note: t.note,
  created_at: t.created_at.toISOString(),
  decided_at: isoOrNull(t.decided_at),
});

/** Top-up calls (admin): list, record, approve (credits the pay-out balance), reject. */
export function registerTopUpCalls(registry: CallRegistry): void {
  registry
    .list(getTopUpList, serveList(topUpList, view))
    .user(createTopUp, (ctx, input) =>
      recordRequest(ctx, {
        action: 'top_up.create',
        targetType: 'top_up',
        currency: input.currency,
        amount: input.amount,
        create: async (tx, amount) => {
          const merchant = await findAccountInScope(tx, ctx.actor, input.merchantDbCode);
          if (merchant.account_type !== 'merchant')
            throw badInput('merchantDbCode must name a merchant');
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
          return view({
            ...t!,
            merchant_db_code: merchant.account_db_code,
            merchant_name: merchant.name,
          });
        },
      }),
    )
    .user(approveTopUp, (ctx, input) =>
      decide(ctx, {
        action: 'top_up.approve',
        targetType: 'top_up',
        target: 'approved',
        id: input.id,
        reason: input.reason,
        change: (tx) => changeTopUps(tx, [{ id: input.id, status: 'approved', at: new Date() }]),
      }),
    )
    .user(rejectTopUp, (ctx, input) =>
      decide(ctx, {
        action: 'top_up.reject',
        targetType: 'top_up',
        target: 'rejected',
        id: input.id,
        reason: input.reason,
        change: (tx) => changeTopUps(tx, [{ id: input.id, status: 'rejected', at: new Date() }]),
      }),
    );
}
