import { z } from 'zod';
import { RULES } from '../access';
import { moneyKind, moneyKindNames, type MONEY_KINDS, type MoneyKindDef } from '../money-kinds';
import { defineCall } from './define';
import { amountText, optionalAmountText, sortField } from './list';
import { formId } from './money-fields';
import { reportPageOf, reportRequest } from './report-period';

/**
 * The profit and transaction reports (issue 12): /profit-report, its detailed report,
 * /daily-transactions-report and /daily-earning-report. Every figure is read from the report
 * rollups (`reportFigureRows`) by the transaction's creation day in the chosen time zone:
 * volumes, fees and the fee split of the successful transactions (each money kind's
 * `outcomes.success` in the registry: pay-ins and pay-outs `success`, settlements `completed`,
 * refunds `succeeded`; a settlement to the USDT wallet counts as a settlement; disputes count the
 * `lost` ones, their `reportCounts`: the amount and fee the gateway took for good, and the fee
 * the gateway kept on a `won` one, their `reportFees`: its fee only), counts of every status.
 * A refund's fee is net of the pay-in fee it gave back (`fee − fee_returned`, which may be
 * negative); it is the platform's alone. A dispute's fee is the gateway's, passed on at cost:
 * all gateway cost, no commission, no profit (docs/money.md). An approved balance adjustment is
 * a platform cost: its volume is the net it credited owners (a debit negative), its platform
 * profit minus that, its fee, gateway cost and commission zero (`platformPaysVolume`). Amounts
 * are exact decimal strings in the currency's major units.
 */

const { page, pageSize, currency, from, to, timeZone, merchantDbCode, resellerDbCode } =
  reportRequest;
const periodFields = { page, pageSize, currency, from, to, timeZone };
/**
 * The order of a report by day (issue 40): the newest day first unless `direction` says `asc`;
 * within a day, by the report's other keys.
 */
export const REPORT_DAY_SORTS = ['day'] as const;
const dayOrderFields = { sort: sortField(REPORT_DAY_SORTS), direction: reportRequest.direction };

/** The kinds of the profit figures (their fields are `{kind}_{figure}`): the registry's `profit`. */
export type ProfitKind = Extract<(typeof MONEY_KINDS)[number], { profit: string }>['name'];
/** In registry order: the reports' columns follow it. */
export const PROFIT_KINDS: readonly ProfitKind[] = moneyKindNames(
  (k) => !!k.profit,
) as ProfitKind[];
/** The money figures of each profit kind; of their sum (`total_*`), all but the volume. */
export const PROFIT_FIGURES = [
  'volume',
  'fee',
  'gateway_cost',
  'reseller_commission',
  'platform_profit',
] as const;
export type ProfitFigure = (typeof PROFIT_FIGURES)[number];
/** The figures summed over the kinds (`total_*`): volumes of different kinds do not add up. */
export const PROFIT_TOTAL_FIGURES = PROFIT_FIGURES.filter(
  (f): f is Exclude<ProfitFigure, 'volume'> => f !== 'volume',
);
/** The platform's own figures (as in money detail, docs/money.md): null for a reseller. */
export const PLATFORM_PROFIT_FIGURES = [
  'gateway_cost',
  'platform_profit',
] as const satisfies readonly ProfitFigure[];
type PlatformProfitFigure = (typeof PLATFORM_PROFIT_FIGURES)[number];
const isPlatformFigure = (f: ProfitFigure): f is PlatformProfitFigure =>
  (PLATFORM_PROFIT_FIGURES as readonly string[]).includes(f);

/**
 * The figures of a profit kind the report screens and settings show a column of: all but its
 * registry's `zeroProfitFigures` (always zero for it).
 */
export function profitFiguresShown(kind: ProfitKind): readonly ProfitFigure[] {
  const zero: readonly string[] = (moneyKind(kind) as MoneyKindDef).zeroProfitFigures ?? [];
  return PROFIT_FIGURES.filter((f) => !zero.includes(f));
}

type ProfitFigureFields = {
  [K in `${ProfitKind}_count`]: z.ZodNumber;
} & {
  [
    K in
      | `${ProfitKind}_${Exclude<ProfitFigure, PlatformProfitFigure>}`
      | `total_${Exclude<ProfitFigure, PlatformProfitFigure | 'volume'>}`
  ]: typeof amountText;
} & {
  [K in `${ProfitKind | 'total'}_${PlatformProfitFigure}`]: typeof optionalAmountText;
};
const figureField = (f: ProfitFigure) => (isPlatformFigure(f) ? optionalAmountText : amountText);

/**
 * Per kind: how many counted (`{kind}_count`), their volume, the fees charged to the
 * merchants, the gateways' cost, the resellers' commission and the platform's profit; then
 * the fee split of all kinds (`total_fee` … `total_platform_profit`). The gateways' cost
 * and the platform's profit are the platform's own figures: null for a reseller (as in money
 * detail, docs/money.md), which sees its commission. Derived from the registry: a kind with
 * `profit` has these fields, in registry order.
 */
const profitFigures = Object.fromEntries([
  ...PROFIT_KINDS.flatMap((kind) => [
    [`${kind}_count`, z.number().int()],
    ...PROFIT_FIGURES.map((f) => [`${kind}_${f}`, figureField(f)]),
  ]),
  ...PROFIT_TOTAL_FIGURES.map((f) => [`total_${f}`, figureField(f)]),
]) as ProfitFigureFields;
export const profitTotalsRow = z.object({ currency: z.string(), ...profitFigures });
export type ProfitTotalsRow = z.infer<typeof profitTotalsRow>;

/**
 * One reseller (admin) or merchant (reseller) in one currency. `account_id` opens its
 * detailed report; an admin's merchants without a reseller share one row whose
 * `account_id` is empty.
 */
export const profitReportRow = z.object({
  id: z.string(),
  account_id: z.string(),
  account_db_code: z.string(),
  account_name: z.string(),
  ...profitTotalsRow.shape,
});
export type ProfitReportRow = z.infer<typeof profitReportRow>;

/**
 * /profit-report: an admin's rows are per reseller, a reseller's per merchant (its own),
 * per currency, ordered by code then currency. Filters: currency, the reseller's code (admin),
 * the merchant's code (reseller: one of its merchants). Totals per currency.
 */
export const getProfitReport = defineCall({
  name: 'getProfitReport',
  request: z.object({ ...periodFields, resellerDbCode, merchantDbCode }),
  response: reportPageOf(profitReportRow, profitTotalsRow),
  rule: RULES.reportsNotMerchant,
});

/**
 * One gateway in one currency over the period, platform-wide: the successful transactions it
 * carried, their fees, its cost and the platform's profit. `gateway_code` is empty for what no
 * gateway moves (settlements, in-house pay-outs, adjustments).
 */
export const gatewayProfitRow = z.object({
  id: z.string(),
  gateway_code: z.string(),
  ...profitTotalsRow.shape,
});
export type GatewayProfitRow = z.infer<typeof gatewayProfitRow>;

/**
 * /profit-report/by-gateway (issue 43, "the platform's cost per gateway shows in the profit
 * reports, so the routing's margin is visible"): every tenant's figures per gateway and
 * currency, the same rollups and rules as /profit-report (its totals are the same), ordered by
 * currency, then gateway (no gateway last). Administrators with reports only: the gateways'
 * cost is the platform's own figure.
 */
export const getGatewayProfitReport = defineCall({
  name: 'getGatewayProfitReport',
  request: z.object({ ...periodFields, gatewayCode: reportRequest.gatewayCode }),
  response: reportPageOf(gatewayProfitRow, profitTotalsRow),
  rule: RULES.reportsAdmin,
});

/** One day × merchant × gateway × currency of the detailed report. */
export const detailedProfitRow = z.object({
  id: z.string(),
  day: z.string(),
  merchant_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  gateway_code: z.string(),
  ...profitTotalsRow.shape,
});
export type DetailedProfitRow = z.infer<typeof detailedProfitRow>;

/**
 * /profit-report/{id}/detailed-profit-report: `id` is a reseller (admin: any; its merchants'
 * rows) or a merchant (an admin's any; a reseller's its own). Rows per day, merchant, gateway
 * (empty for settlements and in-house pay-outs) and currency. An id outside the caller's
 * scope is not found (404).
 */
export const getDetailedProfitReport = defineCall({
  name: 'getDetailedProfitReport',
  request: z.object({
    ...periodFields,
    ...dayOrderFields,
    id: formId,
    merchantDbCode,
    gatewayCode: reportRequest.gatewayCode,
  }),
  response: reportPageOf(detailedProfitRow, profitTotalsRow),
  rule: RULES.reportsNotMerchant,
});

/** The transaction figures of each profit kind in a day (`{kind}_{figure}`). */
export const TRANSACTION_FIGURES = [
  'count',
  'success_count',
  'failed_count',
  'volume',
  'fee',
] as const;
type TransactionFigure = (typeof TRANSACTION_FIGURES)[number];

/** The transaction figures of a kind the screen and settings show (not a fee always zero). */
export const transactionFiguresShown = (kind: ProfitKind): readonly TransactionFigure[] =>
  TRANSACTION_FIGURES.filter((f) => f !== 'fee' || profitFiguresShown(kind).includes('fee'));

/**
 * A day's transactions in one currency: per kind every transaction created that day (`count`),
 * the successful and the failed ones (pay-ins failed or expired, pay-outs failed or rejected,
 * settlements rejected, refunds failed or rejected; disputes won and lost; adjustments
 * approved and rejected), the volume and fees of the successful ones (of disputes: the lost
 * ones, what the gateway took; of adjustments: the net credited to owners, a debit negative,
 * no fee); `total_fee`; `net`, what the merchants' balances gained from their transactions:
 * pay-in volume − pay-out volume − settlement volume − refund volume − lost dispute volume −
 * fees; and `available_net`, the part of it on the available balance (what the contract ledger
 * moves): pay-in volume − settlement volume − refund volume − lost dispute volume − their
 * fees. The two differ by the pay-outs and their fees, which draw on the pay-out balance.
 * Adjustments are in neither net: they are corrections, not transactions, and may move a
 * pay-out or a commission balance (their own columns show them; docs/money.md).
 */
const dailyTransactionsFigures = Object.fromEntries([
  ...PROFIT_KINDS.flatMap((kind) =>
    TRANSACTION_FIGURES.map((f) => [
      `${kind}_${f}`,
      f === 'volume' || f === 'fee' ? amountText : z.number().int(),
    ]),
  ),
  ...['total_fee', 'net', 'available_net'].map((f) => [f, amountText]),
]) as {
  [K in `${ProfitKind}_${'count' | 'success_count' | 'failed_count'}`]: z.ZodNumber;
} & {
  [
    K in `${ProfitKind}_${'volume' | 'fee'}` | 'total_fee' | 'net' | 'available_net'
  ]: typeof amountText;
};
export const dailyTransactionsTotalsRow = z.object({
  currency: z.string(),
  ...dailyTransactionsFigures,
});
export const dailyTransactionsRow = z.object({
  id: z.string(),
  day: z.string(),
  ...dailyTransactionsTotalsRow.shape,
});
export type DailyTransactionsRow = z.infer<typeof dailyTransactionsRow>;

/**
 * /daily-transactions-report: per day of the zone and currency, oldest first. An admin sees
 * every merchant (or one: `merchantDbCode`), a merchant (or its sub-account) itself.
 */
export const getDailyTransactionsReport = defineCall({
  name: 'getDailyTransactionsReport',
  request: z.object({ ...periodFields, ...dayOrderFields, merchantDbCode }),
  response: reportPageOf(dailyTransactionsRow, dailyTransactionsTotalsRow),
  rule: RULES.reportsAdminOrMerchant,
});

/** A day's earning in one currency, per kind and in all (`earning`). */
export const dailyEarningTotalsRow = z.object({
  currency: z.string(),
  ...(Object.fromEntries(PROFIT_KINDS.map((kind) => [`${kind}_earning`, amountText])) as {
    [K in `${ProfitKind}_earning`]: typeof amountText;
  }),
  earning: amountText,
});
export const dailyEarningRow = z.object({
  id: z.string(),
  day: z.string(),
  ...dailyEarningTotalsRow.shape,
});
export type DailyEarningRow = z.infer<typeof dailyEarningRow>;

/**
 * /daily-earning-report: per day of the zone and currency, oldest first, what the caller
 * earned from successful transactions: an admin the platform's profit (of every merchant, or
 * of one reseller's: `resellerDbCode`), a reseller its commission on its merchants. Disputes
 * earn nobody anything (their fee is the gateway's at cost): `dispute_earning` is zero. An
 * admin's `adjustment_earning` is the approved adjustments' platform profit (minus the net
 * credited: a credit lowers the earning), as in the profit report; a reseller's is zero (an
 * adjustment pays no commission).
 */
export const getDailyEarningReport = defineCall({
  name: 'getDailyEarningReport',
  request: z.object({ ...periodFields, ...dayOrderFields, resellerDbCode }),
  response: reportPageOf(dailyEarningRow, dailyEarningTotalsRow),
  rule: RULES.reportsAdminOrReseller,
});
