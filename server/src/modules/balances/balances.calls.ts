import {
  formatAmount,
  getReportBalanceForResellerMerchant,
  getUsdtWalletBalance,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { findAccountInScope } from '../scoped-lists/scope';
import { findAccountBalances } from './balances.queries';

/** Balance calls: the USDT wallet of an account in scope, and the caller's own balance. */
export function registerBalanceCalls(registry: CallRegistry): void {
  registry
    .user(getUsdtWalletBalance, async (ctx, input) => {
      const accountId = input.accountDbCode
        ? (await findAccountInScope(ctx.db, ctx.actor, input.accountDbCode)).id
        : ctx.actor.scopeAccountId;
      const usdt = (await findAccountBalances(ctx.db, accountId)).find(
        (b) => b.currency === 'USDT',
      );
      return { balance: formatAmount(usdt?.usdt_wallet ?? 0n, 'USDT'), currency: 'USDT' as const };
    })
    .user(getReportBalanceForResellerMerchant, async (ctx, input) => {
      const all = (await findAccountBalances(ctx.db, ctx.actor.scopeAccountId)).filter(
        (b) => b.currency !== 'USDT',
      );
      const isReseller = ctx.actor.accountType === 'reseller';
      const currency = input.currency ?? all[0]?.currency ?? 'THB';
      const chosen = all.find((b) => b.currency === currency);
      const main = chosen ? (isReseller ? chosen.commission : chosen.available) : 0n;
      return {
        balance: formatAmount(main, currency),
        currency,
        balances: all.map((b) => ({
          currency: b.currency,
          available: formatAmount(isReseller ? b.commission : b.available, b.currency),
          reserved: formatAmount(isReseller ? b.commission_reserved : b.reserved, b.currency),
          payout_available: formatAmount(b.payout_available, b.currency),
        })),
      };
    });
}
