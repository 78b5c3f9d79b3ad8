import { z } from 'zod';
import { ACCOUNT_TYPES, TIMEZONE_CHOICES, type ModuleName } from '../accounts';
import { RULES } from '../access';
import { STATISTICS_PERIODS } from '../constants';
import { moneyKindNames, type MONEY_KINDS } from '../money-kinds';
import { defineCall, formFlag, formOptionalText } from './define';
import { instantText } from './list';
import { formOptionalCurrency } from './money-fields';

export const DASHBOARD_KINDS = ['payin', 'payout', 'settlement'] as const;
export const DASHBOARD_PERIODS = ['today', 'yesterday', 'this_month'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

/** The module that lets an account see a kind's figures (any one of them). */
const KIND_MODULES: Record<DashboardKind, readonly ModuleName[]> = {
  payin: ['payin'],
  payout: ['payout'],
  settlement: ['settlements', 'withdrawal'],
};

/** The kinds whose figures a dashboard shows to an account holding `modules`. */
export function dashboardKindsOf(modules: readonly ModuleName[]): DashboardKind[] {
  return DASHBOARD_KINDS.filter((kind) => KIND_MODULES[kind].some((m) => modules.includes(m)));
}
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** `{kind}_{period}_{figure}` field names of a currency-report row (spec section 3). */
export type CurrencyFigureKey =
  `${DashboardKind}_${DashboardPeriod}_${'success_count' | 'total_count' | 'volume'}`;

function figureShape() {
  const shape: Record<string, z.ZodType> = {};
  for (const kind of DASHBOARD_KINDS) {
    for (const period of DASHBOARD_PERIODS) {
      shape[`${kind}_${period}_success_count`] = z.number().int();
      shape[`${kind}_${period}_total_count`] = z.number().int();
      shape[`${kind}_${period}_volume`] = z.string();
    }
  }
  return shape as Record<CurrencyFigureKey, z.ZodType<number> | z.ZodType<string>>;
}

/**
 * One row of the per-currency cards: the scope's figures in one currency. Counts are numbers;
 * volumes and the balance are decimal strings in the currency's major units.
 */
export const currencyReportRow = z
  .object({
    id: z.string(),
    merchant_db_code: z.string(),
    currency: z.string(),
    balance: z.string(),
    /**
     * Not one of the spec's fields (issue 27): what the scope's merchants owe because disputes
     * took more than their available balance had ("0.00" when nothing). The true balance is
     * `balance` − `dispute_owed`.
     */
    dispute_owed: z.string(),
    payin_pending_count: z.number().int(),
    payout_pending_count: z.number().int(),
    settlement_pending_count: z.number().int(),
  })
  .extend(figureShape());
export type CurrencyReportRow = z.infer<typeof currencyReportRow> &
  Record<CurrencyFigureKey, number | string>;

export const dashboardStatistics = z.object({
  total_payin: z.string(),
  total_payout: z.string(),
  payin: z.array(z.string()),
  payouts: z.array(z.string()),
  /** Labels of the series, in the dashboard's zone (`timeZone`). */
  date: z.array(z.string()),
});
export type DashboardStatistics = z.infer<typeof dashboardStatistics>;

/** The kinds the statistics chart draws a series of: the registry's `dashboard.series`. */
export type DashboardSeriesKind = Extract<
  (typeof MONEY_KINDS)[number],
  { dashboard: { series: true } }
>['name'];
export const DASHBOARD_SERIES_KINDS = moneyKindNames(
  (k) => !!k.dashboard?.series,
) as DashboardSeriesKind[];

/** The statistics fields of each series: the period's total and the points. */
export const STATISTICS_SERIES_FIELDS = {
  payin: { total: 'total_payin', points: 'payin' },
  payout: { total: 'total_payout', points: 'payouts' },
} as const satisfies Record<
  DashboardSeriesKind,
  { total: keyof DashboardStatistics; points: keyof DashboardStatistics }
>;

/**
 * A top-10 row. Beyond the spec's fields, the owner's id (`reseller_id`, `merchant_id`): its
 * balance opens that owner's entries (issue 44, every figure opens its entries).
 */
export const topReseller = z.object({
  reseller_id: z.string(),
  reseller_name: z.string(),
  reseller_db_code: z.string(),
  payin_this_month_volume: z.string(),
  amount: z.string(),
});
export const topMerchant = z.object({
  merchant_id: z.string(),
  merchant_name: z.string(),
  merchant_db_code: z.string(),
  payin_this_month_volume: z.string(),
  amount: z.string(),
});

/**
 * A reseller's commission in one currency (its dashboard card): `available` (the
 * `commission` account, what it may withdraw), `reserved` (held for pending withdrawals),
 * `total` = available + reserved, and what it earned and withdrew this UTC month — the figures
 * of `/reseller-balance-settlement` over this month in UTC.
 */
export const commissionCard = z.object({
  currency: z.string(),
  available: z.string(),
  reserved: z.string(),
  total: z.string(),
  earned_this_month: z.string(),
  withdrawn_this_month: z.string(),
});

export const DASHBOARD_SCOPE_LEVELS = ['platform', 'reseller', 'merchant'] as const;
export const dashboardFiguresOf = z.object({
  level: z.enum(DASHBOARD_SCOPE_LEVELS),
  account_db_code: z.string(),
  demo_left_out: z.boolean(),
});

export const getReportDashboardV3 = defineCall({
  name: 'getReportDashboardV3',
  request: z.object({
    currency: formOptionalCurrency,
    statisticsType: z.preprocess(
      (v) => (v === '' || v === undefined ? '1M' : v),
      z.enum(STATISTICS_PERIODS, { error: `must be one of ${STATISTICS_PERIODS.join(', ')}` }),
    ),
    accountType: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(ACCOUNT_TYPES, { error: `must be one of ${ACCOUNT_TYPES.join(', ')}` }).optional(),
    ),
    accountDbCode: formOptionalText(40),
    /**
     * The zone of TD, YD, TM and the chart (issue 40; the spec's chart is fixed in Malaysia
     * time): Default (UTC) when not sent. Top lists and the commission card stay in UTC months.
     */
    timeZone: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 'Default' : v),
      z.enum(TIMEZONE_CHOICES, { error: `must be one of ${TIMEZONE_CHOICES.join(', ')}` }),
    ),
  }),
  response: z.object({
    currency: z.string(),
    /** The zone the figures were counted in: the request's `timeZone`. */
    time_zone: z.enum(TIMEZONE_CHOICES),
    statistics: dashboardStatistics,
    top_balance_resellers: z.array(topReseller),
    top_balance_merchants: z.array(topMerchant),
    /** A reseller's scope only (empty otherwise): its commission per currency. */
    commission: z.array(commissionCard),
    currency_report: z.array(currencyReportRow),
    /** The kinds the caller's modules let it see; the others' figures are zero. */
    shown_kinds: z.array(z.enum(DASHBOARD_KINDS)),
    /**
     * Not one of the spec's fields (issue 44: every figure opens what it is made of): whose
     * figures these are, so that a card's count and volume open the list that counts them. The
     * scope's level, its account's code ('' for the platform), and whether the figures leave
     * out demo merchants of the scope that the lists show (an admin turned demo data off):
     * then the sums are no list's, and open none.
     */
    figures_of: dashboardFiguresOf,
  }),
  rule: RULES.anyUser,
});

/** What each pending list holds: `settlement` to bank, `settlement_wallet` to the USDT wallet. */
export const pendingList = z.object({
  payin: z.number().int(),
  payout: z.number().int(),
  settlement: z.number().int(),
  settlement_wallet: z.number().int(),
  withdrawal: z.number().int(),
});

/** A dispute is due soon when its answer's deadline is less than this many hours away. */
export const DISPUTE_DUE_SOON_HOURS = 48;

export const adminOverview = z.object({
  new_reseller_today: z.number().int(),
  new_reseller_this_months: z.number().int(),
  total_resellers: z.number().int(),
  new_merchant_today: z.number().int(),
  new_merchant_this_months: z.number().int(),
  total_merchants: z.number().int(),
  pending_transactions: z.number().int(),
  /** How long the oldest pending pay-in has waited, in seconds (0 when none). */
  longest_period_transaction: z.number().int(),
  success_transactions: z.number().int(),
  total_transactions: z.number().int(),
  success_rate: z.string(),
  top_pg_balance: z.array(
    z.object({
      /** The gateway's id (beyond the spec, issue 44: its deposit balance opens its entries). */
      id: z.string(),
      payment_gateway_name: z.string(),
      payment_gateway_code: z.string(),
      currency: z.string(),
      pg_deposit_balance: z.string(),
      balance_limit: z.string(),
      percent: z.string(),
    }),
  ),
  last_10_transaction_processing_time: z.array(
    z.object({ deposit_id: z.string(), processing_time: z.number().int() }),
  ),
  inactive_pg_list: z.array(
    z.object({ id: z.string(), payment_gateway_name: z.string(), currency: z.string() }),
  ),
  pending_list: pendingList,
  success_rate_each_currency: z.array(
    z.object({
      percentage: z.string(),
      currency: z.string(),
      total_month_success_count: z.number().int(),
      payin_month_with_today: z.number().int(),
    }),
  ),
  is_included_demo_data: z.union([z.literal(0), z.literal(1)]),
  /**
   * Not one of the spec's fields (issue 27): the disputes waiting for a merchant's answer
   * (status `opened`: what the disputes' pending list holds) and how many of them must be
   * answered within `DISPUTE_DUE_SOON_HOURS` (`respond_by` before then), in every currency
   * whatever the dashboard's currency (issue 40: due work never hides behind it), and the due
   * ones per currency (only currencies with some due).
   */
  disputes: z.object({
    open: z.number().int(),
    due_soon: z.number().int(),
    due_soon_by_currency: z.array(z.object({ currency: z.string(), count: z.number().int() })),
  }),
  /**
   * Not one of the spec's fields (issue 28): gateway reconciliation's progress over every run,
   * "`resolved` of `differences` resolved", and how many runs still have a difference to
   * resolve (docs/reconciliation.md). Null for an admin without the administrator module.
   */
  reconciliation: z
    .object({
      differences: z.number().int(),
      resolved: z.number().int(),
      open_runs: z.number().int(),
      /** Write-offs waiting for their approvals, every run's (`getReconWriteOffList`). */
      write_offs_waiting: z.number().int(),
    })
    .nullable(),
  /**
   * Not one of the spec's fields (issue 42; docs/risk.md, Review queue): the items risk rules
   * hold for review, every kind's and every currency's, and when the oldest of them was held
   * (null when none waits). Null for an admin who may not review (`riskReview`).
   */
  risk_review: z.object({ count: z.number().int(), oldest_at: instantText.nullable() }).nullable(),
  /**
   * Open gateway health alerts (issue 13), newest first; empty for an admin without the
   * administrator module (the monitoring screen is theirs).
   */
  gateway_health_alerts: z
    .array(
      z.object({
        id: z.string(),
        rule_name: z.string(),
        kind: z.string(),
        gateway_id: z.string(),
        payment_gateway_name: z.string(),
        currency: z.string(),
        deactivated: z.boolean(),
        raised_at: z.string(),
      }),
    )
    .optional(),
});

export const getAdminDashboardV2 = defineCall({
  name: 'getAdminDashboardV2',
  request: z.object({ currency: formOptionalCurrency }),
  response: adminOverview,
  rule: RULES.adminOnly,
});

/**
 * Includes (1) or leaves out (0) the demo accounts in every dashboard figure: a platform-wide
 * setting, so it needs the administrator module like the other platform settings.
 */
export const onOffDemoData = defineCall({
  name: 'onOffDemoData',
  request: z.object({ enabled: formFlag }),
  response: z.object({ is_included_demo_data: z.union([z.literal(0), z.literal(1)]) }),
  rule: RULES.administrator,
});
