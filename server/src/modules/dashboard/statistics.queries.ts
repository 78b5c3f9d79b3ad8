import {
  DASHBOARD_SERIES_KINDS,
  formatAmount,
  STATISTICS_SERIES_FIELDS,
  type DashboardSeriesKind,
  type DashboardStatistics,
  type StatisticsPeriod,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { chartBuckets, type ChartBuckets } from './dashboard-time';
import { scopeRollupRowsSql, type DashboardScope } from './dashboard-scope';
import { CHART_SCOPE_ROLLUP, DASHBOARD_SCOPE_ROLLUP } from '../../ledger/scope-rollups';

/** The chart's kinds, as a SQL list (registry names, no input). */
const SERIES_KINDS_SQL = DASHBOARD_SERIES_KINDS.map((k) => `'${k}'`).join(', ');

interface PointRow {
  kind: string;
  point: number;
  v: bigint;
}

/**
 * The successful pay-in and pay-out volume of each point. 7D, 1M and 1Y read the zone's day and
 * month rows of `dashboard_rollups`, the same rows as the cards' TD, YD and TM: the point of
 * today is TD's volume by construction. 1D reads UTC hours (half-hours in India) of
 * `chart_rollups`. The platform and a reseller read their scope rows (`scopeRollupRowsSql`).
 */
async function pointRows(
  db: Queryable,
  scope: DashboardScope,
  currency: string,
  buckets: ChartBuckets,
): Promise<PointRow[]> {
  const params: unknown[] = [];
  if (buckets.source === 'hours') {
    const figures = scopeRollupRowsSql(scope, CHART_SCOPE_ROLLUP, params);
    params.push(currency, buckets.granularity, buckets.buckets, buckets.pointOf);
    const n = params.length;
    const { rows } = await db.query<PointRow>(
      `WITH b AS (SELECT * FROM unnest($${n - 1}::timestamptz[], $${n}::int[]) AS b(bucket, point))
       SELECT r.kind, b.point, sum(r.volume)::bigint AS v
         FROM (${figures}) r JOIN b ON b.bucket = r.bucket
        WHERE r.currency = $${n - 3} AND r.granularity = $${n - 2} AND r.bucket = ANY($${n - 1})
          AND r.kind IN (${SERIES_KINDS_SQL})
        GROUP BY r.kind, b.point`,
      params,
    );
    return rows;
  }
  const figures = scopeRollupRowsSql(scope, DASHBOARD_SCOPE_ROLLUP, params);
  params.push(currency, buckets.period, buckets.starts);
  const n = params.length;
  const { rows } = await db.query<PointRow>(
    `WITH b AS (SELECT * FROM unnest($${n}::date[]) WITH ORDINALITY AS b(start, ord))
     SELECT r.kind, (b.ord - 1)::int AS point, sum(r.volume)::bigint AS v
       FROM (${figures}) r JOIN b ON r.period_start = b.start
      WHERE r.currency = $${n - 2} AND r.period = $${n - 1} AND r.period_start = ANY($${n})
        AND r.kind IN (${SERIES_KINDS_SQL})
        AND r.status = 'success'
      GROUP BY r.kind, b.ord`,
    params,
  );
  return rows;
}

/**
 * The Statistical Overview: successful pay-in and pay-out volume per point of the period, in the
 * dashboard's zone, and the period's totals (the sums of the points). Needs one currency
 * (amounts of different currencies do not add up): with none, the series are empty and the
 * totals zero.
 */
export async function findStatistics(
  db: Queryable,
  scope: DashboardScope,
  currency: string | null,
  period: StatisticsPeriod,
  now: Date,
  zone = 'UTC',
) {
  const buckets = chartBuckets(period, now, zone);
  const series = new Map(DASHBOARD_SERIES_KINDS.map((k) => [k, buckets.labels.map(() => 0n)]));
  // A row of a kind the chart has no series of has nowhere to go.
  for (const r of currency ? await pointRows(db, scope, currency, buckets) : []) {
    const points = series.get(r.kind as DashboardSeriesKind);
    if (points) points[Number(r.point)] = BigInt(r.v);
  }
  const money = (v: bigint) => (currency ? formatAmount(v, currency) : '0');
  const fields = [...series].map(([kind, values]) => ({
    ...STATISTICS_SERIES_FIELDS[kind],
    values,
  }));
  return {
    ...Object.fromEntries(
      fields.map((f) => [f.total, money(f.values.reduce((a, b) => a + b, 0n))]),
    ),
    ...Object.fromEntries(fields.map((f) => [f.points, currency ? f.values.map(money) : []])),
    date: buckets.labels,
  } as DashboardStatistics;
}
