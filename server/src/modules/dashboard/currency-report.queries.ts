import {
  DASHBOARD_KINDS,
  DASHBOARD_PERIODS,
  formatAmount,
  PAYOUT_PENDING_STATUSES,
  SETTLEMENT_PENDING_STATUSES,
  type CurrencyReportRow,
  type DashboardKind,
  type DashboardPeriod,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { DashboardDays } from './dashboard-time';
import { currentBalanceSql } from '../../ledger/ledger-accounts';
import { merchantsInScopeSql, scopeRollupRowsSql, type DashboardScope } from './dashboard-scope';
import { DASHBOARD_SCOPE_ROLLUP } from '../../ledger/scope-rollups';

/** How each dashboard column maps onto lifecycle kinds and states. */
export const KIND_STATES: Record<
  DashboardKind,
  { kinds: string[]; success: string; pending: string[] }
> = {
  payin: { kinds: ['payin'], success: 'success', pending: ['created', 'processing'] },
  // The pending queue's pay-outs (awaiting approval), so the count equals the list it opens.
  payout: { kinds: ['payout'], success: 'success', pending: [...PAYOUT_PENDING_STATUSES] },
  settlement: {
    kinds: ['settlement', 'settlement_wallet'],
    success: 'completed',
    pending: [...SETTLEMENT_PENDING_STATUSES],
  },
};

const columnOf = (kind: string): DashboardKind | null =>
  (Object.keys(KIND_STATES) as DashboardKind[]).find((k) => KIND_STATES[k].kinds.includes(kind)) ??
  null;

interface FigureRow {
  currency: string;
  kind: string;
  status: string;
  /** `all`, or the zone's day or month period (`DashboardDays`). */
  period: string;
  period_start: Date | string;
  n: bigint;
  v: bigint;
}

interface Accumulator {
  counts: Record<string, number>;
  volumes: Record<string, bigint>;
  balance: bigint;
  disputeOwed: bigint;
}

function emptyAccumulator(): Accumulator {
  const counts: Record<string, number> = {
    payin_pending_count: 0,
    payout_pending_count: 0,
    settlement_pending_count: 0,
  };
  const volumes: Record<string, bigint> = {};
  for (const k of DASHBOARD_KINDS) {
    for (const p of DASHBOARD_PERIODS) {
      counts[`${k}_${p}_success_count`] = 0;
      counts[`${k}_${p}_total_count`] = 0;
      volumes[`${k}_${p}_volume`] = 0n;
    }
  }
  return { counts, volumes, balance: 0n, disputeOwed: 0n };
}

const dayText = (d: Date | string) =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

/**
 * The per-currency rows of the dashboard for a scope, from the dashboard rollups and the
 * cached ledger balances only. TD, YD and TM are the days and month of `days.zone`. `currency` null means every currency with figures or a balance.
 */
export async function findCurrencyReport(
  db: Queryable,
  scope: DashboardScope,
  currency: string | null,
  days: DashboardDays,
): Promise<CurrencyReportRow[]> {
  const params: unknown[] = [];
  const figures = scopeRollupRowsSql(scope, DASHBOARD_SCOPE_ROLLUP, params);
  params.push(
    currency,
    days.dayPeriod,
    days.monthPeriod,
    days.today,
    days.yesterday,
    days.monthStart,
  );
  const [c, dp, mp, td, yd, tm] = [
    params.length - 5,
    params.length - 4,
    params.length - 3,
    params.length - 2,
    params.length - 1,
    params.length,
  ].map((i) => `$${i}`);
  const { rows } = await db.query<FigureRow>(
    `SELECT r.currency, r.kind, r.status, r.period, r.period_start, sum(r.count)::bigint AS n, sum(r.volume)::bigint AS v
       FROM (${figures}) r
       JOIN (VALUES (${dp}::text, ${td}::date), (${dp}, ${yd}::date), (${mp}::text, ${tm}::date), ('all', DATE '1970-01-01'))
            AS p(period, period_start)
         ON r.period = p.period AND r.period_start = p.period_start
      WHERE r.period IN (${dp}, ${mp}, 'all') AND r.period_start IN (${td}, ${yd}, ${tm}, DATE '1970-01-01')
        AND r.kind IN ('payin', 'payout', 'settlement', 'settlement_wallet')
        AND (${c}::text IS NULL OR r.currency = ${c})
        AND (r.period <> 'all' OR r.status IN ('created', 'processing', 'requested', 'pending_approval', 'pending', 'approved'))
      GROUP BY r.currency, r.kind, r.status, r.period, r.period_start`,
    params,
  );
  const balanceParams: unknown[] = [];
  const balanceMerchants = merchantsInScopeSql(scope, balanceParams);
  balanceParams.push(currency);
  // The available balance, and what disputes took beyond it: `dispute_shortfall` holds it
  // negative (ledger:check holds it equal to what the merchants' disputes leave owed).
  const balances = await db.query<{
    currency: string;
    purpose: 'available' | 'dispute_shortfall';
    balance: bigint;
  }>(
    `WITH m AS (${balanceMerchants})
     SELECT la.currency, la.purpose, sum(${currentBalanceSql('la')})::bigint AS balance
       FROM ledger_accounts la JOIN m ON la.owner_id = m.id
      WHERE la.owner_kind = 'account' AND la.purpose IN ('available', 'dispute_shortfall')
        AND ($${balanceParams.length}::text IS NULL OR la.currency = $${balanceParams.length})
      GROUP BY la.currency, la.purpose`,
    balanceParams,
  );

  const byCurrency = new Map<string, Accumulator>();
  const acc = (cur: string) => {
    const a = byCurrency.get(cur) ?? emptyAccumulator();
    byCurrency.set(cur, a);
    return a;
  };
  if (currency) acc(currency);
  for (const b of balances.rows) {
    if (b.purpose === 'available') acc(b.currency).balance = b.balance;
    else if (b.balance !== 0n) acc(b.currency).disputeOwed = -b.balance;
  }
  for (const r of rows) {
    const column = columnOf(r.kind);
    if (!column) continue;
    const a = acc(r.currency);
    const states = KIND_STATES[column];
    if (r.period === 'all') {
      if (states.pending.includes(r.status)) a.counts[`${column}_pending_count`]! += Number(r.n);
      continue;
    }
    const start = dayText(r.period_start);
    const periods: DashboardPeriod[] =
      r.period === days.monthPeriod
        ? ['this_month']
        : [
            start === days.today ? 'today' : null,
            start === days.yesterday ? 'yesterday' : null,
          ].filter((p): p is DashboardPeriod => p !== null);
    for (const p of periods) {
      a.counts[`${column}_${p}_total_count`]! += Number(r.n);
      if (r.status === states.success) {
        a.counts[`${column}_${p}_success_count`]! += Number(r.n);
        a.volumes[`${column}_${p}_volume`]! += r.v;
      }
    }
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([cur, a]) => {
      const volumes = Object.fromEntries(
        Object.entries(a.volumes).map(([k, v]) => [k, formatAmount(v, cur)]),
      );
      return {
        id: `${scope.code || 'ALL'}-${cur}`,
        merchant_db_code: scope.level === 'merchant' ? scope.code : '',
        currency: cur,
        balance: formatAmount(a.balance, cur),
        dispute_owed: formatAmount(a.disputeOwed, cur),
        ...a.counts,
        ...volumes,
      } as CurrencyReportRow;
    });
}
