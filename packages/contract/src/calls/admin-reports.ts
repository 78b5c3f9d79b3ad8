import { z } from 'zod';
import { RULES } from '../access';
import { defineCall } from './define';
import { amountText, instantText } from './list';
import { formOptionalDate } from './money-fields';
import { reportPageOf, reportRequest } from './report-period';

/**
 * The administrator's balance screens (issue 13; admins with the `administrator` module).
 * Balances are ledger balances at an instant (`balancesAtRows`): the sum of every entry before it.
 */

const { page, pageSize, currency, search, timeZone } = reportRequest;

/** The account types `/balance-reports` groups the ledger by (purposes of docs/money.md). */
export const BALANCE_ACCOUNT_TYPES = [
  'merchant_available',
  'merchant_reserved',
  'merchant_payout_available',
  'merchant_payout_reserved',
  'merchant_usdt_wallet',
  'merchant_disputed',
  'merchant_dispute_shortfall',
  'reseller_commission',
  'reseller_commission_reserved',
  'platform_profit',
  'gateway_clearing',
  'platform_bank',
  'fx_pool',
  'reconciliation_difference',
] as const;
export type BalanceAccountType = (typeof BALANCE_ACCOUNT_TYPES)[number];

/** One account type in one currency: its balance at the instant and how many accounts hold it. */
export const balanceReportRow = z.object({
  id: z.string(),
  account_type: z.enum(BALANCE_ACCOUNT_TYPES),
  currency: z.string(),
  accounts: z.number().int(),
  balance: amountText,
});
export type BalanceReportRow = z.infer<typeof balanceReportRow>;

/**
 * Per currency: the sum of every account type's balance, which is zero when every journal
 * balanced (double entry); otherwise `differences` names the currency.
 */
export const balanceReportTotals = z.object({ currency: z.string(), balance: amountText });

/** `/balance-reports`: at `at` (an instant; missing: now). */
export const getBalanceReport = defineCall({
  name: 'getBalanceReport',
  request: z.object({ page, pageSize, currency, timeZone, at: formOptionalDate }),
  response: reportPageOf(balanceReportRow, balanceReportTotals).extend({ at: instantText }),
  rule: RULES.administrator,
});

/**
 * The purposes of a merchant's or reseller's money `/all-currency-balance` has a column of; its
 * `total` is their sum. One list for the server's sums and the columns' links to the entries.
 */
export const ALL_CURRENCY_PURPOSES = [
  'available',
  'reserved',
  'payout_available',
  'payout_reserved',
  'commission',
  'commission_reserved',
] as const;

/** A merchant's or reseller's balances in one currency now, by purpose, and their sum. */
export const allCurrencyBalanceRow = z.object({
  id: z.string(),
  account_id: z.string(),
  account_db_code: z.string(),
  account_name: z.string(),
  account_type: z.enum(['merchant', 'reseller']),
  currency: z.string(),
  available: amountText,
  reserved: amountText,
  payout_available: amountText,
  payout_reserved: amountText,
  commission: amountText,
  commission_reserved: amountText,
  total: amountText,
});
export type AllCurrencyBalanceRow = z.infer<typeof allCurrencyBalanceRow>;
export const allCurrencyBalanceTotals = allCurrencyBalanceRow.omit({
  id: true,
  account_id: true,
  account_db_code: true,
  account_name: true,
  account_type: true,
});

/** `/all-currency-balance`: every merchant and reseller in every currency it holds, searchable. */
export const getAllCurrencyBalance = defineCall({
  name: 'getAllCurrencyBalance',
  request: z.object({
    page,
    pageSize,
    currency,
    search,
    timeZone,
  }),
  response: reportPageOf(allCurrencyBalanceRow, allCurrencyBalanceTotals),
  rule: RULES.administrator,
});

const { from, to, gatewayCode, merchantDbCode } = reportRequest;

/**
 * One day (of the chosen zone), currency and gateway of the platform's earnings: the fees
 * charged on successful pay-ins, pay-outs, settlements and refunds (net of a pay-in fee given
 * back), the gateways' cost, the resellers' commission and what the platform earned (fees −
 * gateway cost − reseller commission).
 */
const earningsFigures = {
  currency: z.string(),
  count: z.number().int(),
  fee: amountText,
  gateway_cost: amountText,
  reseller_commission: amountText,
  earnings: amountText,
};
export const earningsReportRow = z.object({
  id: z.string(),
  day: z.string(),
  gateway_code: z.string(),
  ...earningsFigures,
});
export type EarningsReportRow = z.infer<typeof earningsReportRow>;

/** `/earnings-report`. */
export const getEarningsReport = defineCall({
  name: 'getEarningsReport',
  request: z.object({ page, pageSize, currency, from, to, timeZone, gatewayCode }),
  response: reportPageOf(earningsReportRow, z.object(earningsFigures)),
  rule: RULES.administrator,
});

/**
 * One merchant contract (its currency's `available` account) over the period: opening,
 * credits, debits, the fees charged on its successful transactions, the closing balance
 * (opening + credits − debits; the ledger balance at the period's end).
 */
const contractFigures = {
  currency: z.string(),
  opening: amountText,
  credits: amountText,
  debits: amountText,
  fees: amountText,
  closing: amountText,
};
export const contractLedgerSummaryRow = z.object({
  id: z.string(),
  contract_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  ...contractFigures,
});
export type ContractLedgerSummaryRow = z.infer<typeof contractLedgerSummaryRow>;

/**
 * `/contract-ledger-summary`: a row a merchant and currency (its one ledger account, whatever
 * its contracts), naming its latest contract; each links to `/contract-acc-ledger/{contract id}`.
 */
export const getContractLedgerSummary = defineCall({
  name: 'getContractLedgerSummary',
  request: z.object({ page, pageSize, currency, from, to, timeZone, search, merchantDbCode }),
  response: reportPageOf(contractLedgerSummaryRow, z.object(contractFigures)),
  rule: RULES.administrator,
});
