import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formOptionalText } from './define';
import { formOptionalCurrency } from './money-fields';

/** The USDT wallet balance of `accountDbCode` (the caller's own when missing), in scope. */
export const getUsdtWalletBalance = defineCall({
  name: 'getUsdtWalletBalance',
  request: z.object({ accountDbCode: formOptionalText(40) }),
  response: z.object({ balance: z.string(), currency: z.literal('USDT') }),
  rule: RULES.usdtWallet,
});

/**
 * The caller's balance: a merchant's available pay-in balance, a reseller's commission, in
 * `currency` (default: the first it holds), with every currency in `balances`.
 */
export const getReportBalanceForResellerMerchant = defineCall({
  name: 'getReportBalanceForResellerMerchant',
  request: z.object({ currency: formOptionalCurrency }),
  response: z.object({
    balance: z.string(),
    currency: z.string(),
    balances: z.array(
      z.object({
        currency: z.string(),
        available: z.string(),
        reserved: z.string(),
        payout_available: z.string(),
      }),
    ),
  }),
  rule: RULES.anyUser,
});
