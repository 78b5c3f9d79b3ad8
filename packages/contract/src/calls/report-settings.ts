import { z } from 'zod';
import { RULES } from '../access';
import { TIMEZONE_CHOICES, type TimezoneChoice } from '../accounts';
import { defineCall, emptyRequest, type CallDef } from './define';
import {
  getMerchantBalanceSettlement,
  getResellerBalanceSettlement,
  MERCHANT_SETTLEMENT_MOVEMENTS,
} from './report-balances';
import {
  getContractLedger,
  getMerchantStatement,
  getResellerContractLedger,
  getResellerEarningStatement,
  getUsdtWalletLedger,
} from './report-ledgers';
import {
  getDailyEarningReport,
  getDailyTransactionsReport,
  getDetailedProfitReport,
  getProfitReport,
  PROFIT_KINDS,
  profitFiguresShown,
  transactionFiguresShown,
} from './report-profit';

/**
 * Report settings (/report-setting, issues 12 and 13): which optional columns each report shows
 * by default, and the default time zone of reports, in which every report reads its days when
 * a request names no `timeZone`. A user's own column choice (kept in the browser) wins over
 * these defaults; without one, the report starts with the admin's.
 */

/** A report's secondary figures, per transaction kind (`{kind}_{figure}`). */
const perKind = (figures: readonly string[], kinds: readonly string[] = PROFIT_KINDS) =>
  kinds.flatMap((kind) => figures.map((figure) => `${kind}_${figure}`));

/** The fee split of each kind in the profit reports, as far as it has one (`profitFiguresShown`). */
const PROFIT_OPTIONAL = [
  ...PROFIT_KINDS.flatMap((kind) => perKind(['count', ...profitFiguresShown(kind)], [kind])),
  'total_gateway_cost',
];

/**
 * The entries of a ledger: their reference, and in a reseller's commission ledgers (fed by its
 * merchants' events) the tenant whose event each one is.
 */
const LEDGER_OPTIONAL = ['ref_id'];
const COMMISSION_LEDGER_OPTIONAL = ['ref_id', 'owner_db_code'];

/**
 * The reports /report-setting configures, by route id: the report's list call and its optional
 * columns (ids as in the web's column maps and the rows' fields). What identifies a row (day,
 * currency, merchant, reseller, time, type), the report's own result (total fees, net,
 * earning, the balances and the difference, debit, credit and balance) is always shown and so
 * not listed; the secondary figures are.
 */
export const REPORT_COLUMN_SETTINGS = {
  profitReport: { call: getProfitReport, optional: PROFIT_OPTIONAL },
  detailedProfitReport: { call: getDetailedProfitReport, optional: PROFIT_OPTIONAL },
  dailyTransactionsReport: {
    call: getDailyTransactionsReport,
    optional: PROFIT_KINDS.flatMap((kind) => perKind(transactionFiguresShown(kind), [kind])),
  },
  dailyEarningReport: { call: getDailyEarningReport, optional: perKind(['earning']) },
  merchantBalanceSettlement: {
    call: getMerchantBalanceSettlement,
    optional: [...MERCHANT_SETTLEMENT_MOVEMENTS, 'reserved', 'disputes_held'],
  },
  resellerBalanceSettlement: {
    call: getResellerBalanceSettlement,
    optional: ['earned', 'withdrawn'],
  },
  contractAccLedger: { call: getContractLedger, optional: LEDGER_OPTIONAL },
  resellerContractAccLedger: {
    call: getResellerContractLedger,
    optional: COMMISSION_LEDGER_OPTIONAL,
  },
  usdtWalletBalanceSettlement: { call: getUsdtWalletLedger, optional: LEDGER_OPTIONAL },
  resellerEarningStatement: {
    call: getResellerEarningStatement,
    optional: COMMISSION_LEDGER_OPTIONAL,
  },
  merchantStatement: {
    call: getMerchantStatement,
    optional: ['payins', 'payouts', 'settlements', 'top_ups', 'adjustments'],
  },
} as const satisfies Record<string, { call: CallDef; optional: readonly string[] }>;

export type ReportId = keyof typeof REPORT_COLUMN_SETTINGS;
export const REPORT_IDS = Object.keys(REPORT_COLUMN_SETTINGS) as [ReportId, ...ReportId[]];

/** The report whose list call is `callName`, if /report-setting configures it. */
export function reportOfCall(callName: string): ReportId | undefined {
  return REPORT_IDS.find((id) => REPORT_COLUMN_SETTINGS[id].call.name === callName);
}

/** Whether a list call is a report: its answer says which period it read (`reportPageOf`). */
export function isReportCall(call: CallDef): boolean {
  return Boolean((call.response as z.ZodObject).shape?.period);
}

/** The default time zone of reports while no admin has chosen one. */
export const DEFAULT_REPORT_TIME_ZONE: TimezoneChoice = 'Default';

/** Each report's hidden optional columns; a report with none hidden may be left out. */
export type HiddenReportColumns = Partial<Record<ReportId, readonly string[]>>;

/** The fields of a report's rows: the columns a report can show. */
function rowFieldsOf(call: CallDef): readonly string[] {
  const rows = (call.response as z.ZodObject).shape.rows as z.ZodArray<z.ZodObject>;
  return Object.keys(rows.element.shape);
}

/**
 * What is wrong with a `hiddenColumns` entry, in words (null for an optional column of a
 * report): an unknown report, a column its rows do not have, or one it always shows.
 */
export function hiddenColumnProblem(report: string, column: string): string | null {
  if (!Object.hasOwn(REPORT_COLUMN_SETTINGS, report)) return `names an unknown report: ${report}`;
  const settings = REPORT_COLUMN_SETTINGS[report as ReportId];
  if ((settings.optional as readonly string[]).includes(column)) return null;
  if (!rowFieldsOf(settings.call).includes(column))
    return `names an unknown column of ${report}: ${column}`;
  return `names ${column}, which is not an optional column of ${report}`;
}

/** One report's optional columns, each with whether it is shown by default. */
export const reportColumnDefaults = z.object({
  report: z.enum(REPORT_IDS),
  columns: z.array(z.object({ id: z.string(), shown: z.boolean() })),
});
export type ReportColumnDefaults = z.infer<typeof reportColumnDefaults>;

export const reportSettings = z.object({
  /** The zone reports read their days in when a request names none. */
  default_time_zone: z.enum(TIMEZONE_CHOICES),
  /** Every report of `REPORT_COLUMN_SETTINGS`, in its order, with its optional columns. */
  reports: z.array(reportColumnDefaults),
});
export type ReportSettings = z.infer<typeof reportSettings>;

/**
 * The report settings. Every report screen needs them (its default columns and zone): the
 * reports' rules are `reports*` (module reports) and `administrator` (the admin's balance
 * screens, and /report-setting itself), and no named rule is their union, so the smallest
 * named rule holding every report reader is `anyUser`. The answer holds no tenant data.
 */
export const getReportSettings = defineCall({
  name: 'getReportSettings',
  request: emptyRequest,
  response: reportSettings,
  rule: RULES.anyUser,
});

/** `report.column` pairs as text ("profitReport.payin_fee,profitReport.payout_fee") or a list. */
const formHiddenColumns = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v !== 'string') return v;
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
  z
    .array(z.string().max(120, 'must name columns of at most 120 characters'))
    .max(500, 'must name at most 500 columns')
    .superRefine((pairs, ctx) => {
      for (const pair of pairs) {
        const dot = pair.indexOf('.');
        const problem =
          dot < 1
            ? `must name report.column pairs such as profitReport.payin_fee, not ${pair}`
            : hiddenColumnProblem(pair.slice(0, dot), pair.slice(dot + 1));
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return;
        }
      }
    }),
);

/**
 * Saves the whole report setting: the default time zone, and every optional column that
 * reports hide by default (any not named is shown; none named shows them all). A bad entry
 * refuses the change naming its field. A change is written to the admin log
 * (`report_settings.update`) with the setting before and after. Answers the settings as they
 * now are.
 */
export const updateReportSettings = defineCall({
  name: 'updateReportSettings',
  request: z.object({
    defaultTimeZone: z.enum(TIMEZONE_CHOICES, {
      error: `must be one of ${TIMEZONE_CHOICES.join(', ')}`,
    }),
    /** The hidden optional columns, as `report.column` pairs. */
    hiddenColumns: formHiddenColumns,
  }),
  response: reportSettings,
  rule: RULES.administrator,
});
