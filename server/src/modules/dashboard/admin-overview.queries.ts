import {
  DISPUTE_DUE_SOON_HOURS,
  depositPercentOfLimit,
  formatAmount,
  successPercent,
  WITHDRAWAL_PENDING_STATUSES,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { KIND_STATES } from './currency-report.queries';
import type { DashboardDays } from './dashboard-time';

const demoFilter = (includeDemo: boolean, alias: string) =>
  includeDemo ? '' : `AND NOT ${alias}.is_demo`;

/** New and total resellers and merchants (top-level accounts), today and this UTC month. */
export async function findAccountCounts(db: Queryable, includeDemo: boolean, days: DashboardDays) {
  const { rows } = await db.query<{
    account_type: string;
    today: bigint;
    month: bigint;
    total: bigint;
  }>(
    `SELECT a.account_type,
            count(*) FILTER (WHERE a.created_at >= $1::date) AS today,
            count(*) FILTER (WHERE a.created_at >= $2::date) AS month,
            count(*) AS total
       FROM accounts a
      WHERE a.account_type IN ('reseller', 'merchant') AND a.parent_account_id IS NULL ${demoFilter(includeDemo, 'a')}
      GROUP BY a.account_type`,
    [days.today, days.monthStart],
  );
  const of = (type: string) => rows.find((r) => r.account_type === type);
  const n = (v: bigint | undefined) => Number(v ?? 0n);
  return {
    new_reseller_today: n(of('reseller')?.today),
    new_reseller_this_months: n(of('reseller')?.month),
    total_resellers: n(of('reseller')?.total),
    new_merchant_today: n(of('merchant')?.today),
    new_merchant_this_months: n(of('merchant')?.month),
    total_merchants: n(of('merchant')?.total),
  };
}

/**
 * Pending counts of every kind (all time), from the all-time rollups: each what the list its
 * dashboard bar opens holds (settlements to bank and to the USDT wallet have a queue each).
 */
export async function findPendingCounts(
  db: Queryable,
  includeDemo: boolean,
  currency: string | null,
) {
  const { rows } = await db.query<{ kind: string; n: bigint }>(
    `SELECT r.kind, sum(r.count)::bigint AS n
       FROM dashboard_rollups r JOIN accounts a ON a.id = r.owner_account_id ${demoFilter(includeDemo, 'a')}
      WHERE r.period = 'all' AND ($1::text IS NULL OR r.currency = $1)
        AND ((r.kind = 'payin' AND r.status = ANY($2::text[]))
          OR (r.kind = 'payout' AND r.status = ANY($3::text[]))
          OR (r.kind IN ('settlement', 'settlement_wallet') AND r.status = ANY($4::text[]))
          OR (r.kind = 'withdrawal' AND r.status = ANY($5::text[])))
      GROUP BY r.kind`,
    [
      currency,
      KIND_STATES.payin.pending,
      KIND_STATES.payout.pending,
      KIND_STATES.settlement.pending,
      WITHDRAWAL_PENDING_STATUSES,
    ],
  );
  const sum = (...kinds: string[]) =>
    rows.filter((r) => kinds.includes(r.kind)).reduce((a, r) => a + Number(r.n), 0);
  return {
    payin: sum('payin'),
    payout: sum('payout'),
    settlement: sum('settlement'),
    settlement_wallet: sum('settlement_wallet'),
    withdrawal: sum('withdrawal'),
  };
}

/** Seconds the oldest pending pay-in has waited (0 when none). */
export async function findLongestPendingSeconds(
  db: Queryable,
  includeDemo: boolean,
  currency: string | null,
  now: Date,
) {
  const { rows } = await db.query<{ created_at: Date }>(
    `SELECT p.created_at FROM payins p JOIN accounts a ON a.id = p.merchant_account_id ${demoFilter(includeDemo, 'a')}
      WHERE p.status IN ('created', 'processing') AND ($1::text IS NULL OR p.currency = $1)
      ORDER BY p.created_at LIMIT 1`,
    [currency],
  );
  const oldest = rows[0]?.created_at;
  return oldest ? Math.max(0, Math.floor((now.getTime() - new Date(oldest).getTime()) / 1000)) : 0;
}

/**
 * Disputes still `opened` (waiting for the merchant's answer) and those of them due within
 * `DISPUTE_DUE_SOON_HOURS` of `now` (overdue ones the deadline sweep has not lost yet
 * included), in every currency whatever the dashboard shows (issue 40: work that is due must
 * not hide behind the currency choice), with the due ones per currency: one read of the small
 * partial index of opened disputes.
 */
export async function findDisputesAwaitingAnswer(db: Queryable, includeDemo: boolean, now: Date) {
  const soon = new Date(now.getTime() + DISPUTE_DUE_SOON_HOURS * 3_600_000);
  const { rows } = await db.query<{ currency: string; open: bigint; due_soon: bigint }>(
    `SELECT d.currency, count(*) AS open, count(*) FILTER (WHERE d.respond_by < $1) AS due_soon
       FROM disputes d JOIN accounts a ON a.id = d.merchant_account_id ${demoFilter(includeDemo, 'a')}
      WHERE d.status = 'opened'
      GROUP BY d.currency ORDER BY d.currency`,
    [soon.toISOString()],
  );
  const perCurrency = rows.map((r) => ({
    currency: r.currency,
    open: Number(r.open),
    due_soon: Number(r.due_soon),
  }));
  return {
    open: perCurrency.reduce((sum, r) => sum + r.open, 0),
    due_soon: perCurrency.reduce((sum, r) => sum + r.due_soon, 0),
    due_soon_by_currency: perCurrency
      .filter((r) => r.due_soon > 0)
      .map((r) => ({ currency: r.currency, count: r.due_soon })),
  };
}

/** The last ten completed pay-ins with how many seconds each took from creation to success. */
export async function findLastProcessingTimes(
  db: Queryable,
  includeDemo: boolean,
  currency: string | null,
) {
  const { rows } = await db.query<{ id: string; seconds: number }>(
    `SELECT p.id, floor(extract(epoch FROM (p.completed_at - p.created_at)))::int AS seconds
       FROM payins p JOIN accounts a ON a.id = p.merchant_account_id ${demoFilter(includeDemo, 'a')}
      WHERE p.status = 'success' AND ($1::text IS NULL OR p.currency = $1)
      ORDER BY p.completed_at DESC LIMIT 10`,
    [currency],
  );
  return rows.map((r) => ({ deposit_id: r.id, processing_time: Math.max(0, r.seconds) }));
}

/** This UTC month's pay-in outcomes per currency: success count and every pay-in made. */
export async function findMonthPayinOutcomes(
  db: Queryable,
  includeDemo: boolean,
  days: DashboardDays,
) {
  const { rows } = await db.query<{ currency: string; success: bigint; total: bigint }>(
    `SELECT r.currency,
            coalesce(sum(r.count) FILTER (WHERE r.status = 'success'), 0)::bigint AS success,
            coalesce(sum(r.count), 0)::bigint AS total
       FROM dashboard_rollups r JOIN accounts a ON a.id = r.owner_account_id ${demoFilter(includeDemo, 'a')}
      WHERE r.period = 'month' AND r.period_start = $1::date AND r.kind = 'payin'
      GROUP BY r.currency ORDER BY r.currency`,
    [days.monthStart],
  );
  return rows.map((r) => ({
    currency: r.currency,
    percentage: successPercent(r.success, r.total),
    total_month_success_count: Number(r.success),
    payin_month_with_today: Number(r.total),
  }));
}

/** Gateways' deposit balance against their limit, fullest first. */
export function shapeGatewayBalances(
  gateways: {
    id: string;
    payment_gateway_name: string;
    payment_gateway_code: string;
    currency: string;
    balance_limit: bigint;
  }[],
  depositBalances: Map<string, bigint>,
) {
  return gateways
    .map((g) => {
      const balance = depositBalances.get(g.payment_gateway_code) ?? 0n;
      return {
        id: g.id,
        payment_gateway_name: g.payment_gateway_name,
        payment_gateway_code: g.payment_gateway_code,
        currency: g.currency,
        pg_deposit_balance: formatAmount(balance, g.currency),
        balance_limit: formatAmount(g.balance_limit, g.currency),
        percent: depositPercentOfLimit(balance, g.balance_limit),
        sortKey: g.balance_limit > 0n ? (balance * 10_000n) / g.balance_limit : 0n,
      };
    })
    .sort((a, b) => (a.sortKey > b.sortKey ? -1 : a.sortKey < b.sortKey ? 1 : 0))
    .map(({ sortKey: _s, ...g }) => g);
}
