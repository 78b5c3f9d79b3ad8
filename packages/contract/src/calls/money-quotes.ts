import { z } from 'zod';
import { RULES } from '../access';
import type { MONEY_KINDS } from '../money-kinds';
import { moneyKindNames } from '../money-kinds';
import { defineCall, formFlag, formOptionalText } from './define';
import { amountText, instantText, optionalAmountText } from './list';
import { formAmountText, formCurrency } from './money-fields';

/** The request forms a quote can be asked for: the registry's quoted kinds. */
export type MoneyRequestKind = Extract<(typeof MONEY_KINDS)[number], { quoted: true }>['name'];
export const MONEY_REQUEST_KINDS = moneyKindNames((k) => k.quoted) as [
  MoneyRequestKind,
  ...MoneyRequestKind[],
];

/**
 * The balance a request works on: a merchant's settlement balance (`available`), its pay-out
 * balance (`payout_available`, also what a top-up credits) or a reseller's `commission`.
 */
export const QUOTED_BALANCES = ['available', 'payout_available', 'commission'] as const;

export const moneyRequestQuote = z.object({
  kind: z.enum(MONEY_REQUEST_KINDS),
  currency: z.string(),
  amount: amountText,
  balance_purpose: z.enum(QUOTED_BALANCES),
  /** `debit`: the request takes amount + fee from the balance; `credit`: a top-up adds to it. */
  direction: z.enum(['debit', 'credit']),
  /** The balance now. */
  available: amountText,
  /** The fee the request will be charged, priced exactly as the request prices it. */
  fee: amountText,
  /** What the balance changes by: amount + fee. */
  total: amountText,
  /** The balance after the request: available − total (negative when not enough), or + for a top-up. */
  remaining: amountText,
  /** Whether the balance covers the total (always true for a top-up). */
  enough: z.boolean(),
  /** For the USDT wallet: fiat per 1 USDT now, and the USDT the amount buys (rounded down). */
  usdt_rate: optionalAmountText,
  usdt_amount: optionalAmountText,
  quoted_at: instantText,
});
export type MoneyRequestQuote = z.infer<typeof moneyRequestQuote>;

/**
 * What a request form shows before the user confirms: the balance it draws from, the fee,
 * the total and what remains (for a top-up: the merchant's pay-out balance and what it
 * becomes). The server checks the rule of the kind's request call (`createPayout`,
 * `requestSettlement`, `requestSettlementWallet`, `requestWithdrawal`, `createTopUp`) and
 * quotes only the caller's own balances; `merchantDbCode` names the merchant of a top-up.
 * Over the balance is not an error: it answers `enough: false`.
 */
export const getMoneyRequestQuote = defineCall({
  name: 'getMoneyRequestQuote',
  request: z.object({
    kind: z.enum(MONEY_REQUEST_KINDS, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'is required'
          : `must be one of ${MONEY_REQUEST_KINDS.join(', ')}`,
    }),
    currency: formCurrency,
    amount: formAmountText,
    /** Top-up only: the merchant credited. */
    merchantDbCode: formOptionalText(40),
    /** Pay-out only: an in-house pay-out (no gateway). */
    inHouse: formFlag.optional(),
  }),
  response: moneyRequestQuote,
  rule: RULES.anyUser,
});
