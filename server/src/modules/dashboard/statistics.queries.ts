import { formatAmount, type StatisticsPeriod } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { chartBuckets, type ChartBuckets } from './dashboard-time';
import { merchantsInScopeSql, type DashboardScope } from './dashboard-scope';

interface PointRow {
  kind: string;
  point: number;
  v: bigint;
}

/**
 * The successful pay-in and pay-out volume of each point. 7D, 1M and 1Y read the zone's day and
 * month rows of `dashboard_rollups`, the same rows as the cards' TD, YD and TM: the point of
 * today is TD's volume by construction. 1D reads UTC hours (half-hours in India) of
 * `chart_rollups`.
 */
async function pointRows(
  db: Queryable,
  scope: DashboardScope,
  currency: string,
  buckets: ChartBuckets,
): Promise<PointRow[]> {
  const params: unknown[] = [];
  const merchants = merchantsInScopeSql(scope, params);
  params.push(currency);
  const c = `$${params.length}`;
  if (buckets.source === 'hours') {
    params.push(buckets.granularity, buckets.buckets, buckets.pointOf);
    const n = params.length;
    const { rows } = await db.query<PointRow>(
      `WITH m AS (${merchants}), b AS (SELECT * FROM unnest($${n - 1}::timestamptz[], $${n}::int[]) AS b(bucket, point))
       SELECT r.kind, b.point, sum(r.volume)::bigint AS v
         FROM chart_rollups r JOIN m ON m.id = r.owner_account_id JOIN b ON b.bucket = r.bucket
        WHERE r.currency = ${c} AND r.granularity = $${n - 2} AND r.kind IN ('payin', 'payout')
        GROUP BY r.kind, b.point`,
      params,
    );
    return rows;
  }
  params.push(buckets.period, buckets.starts);
  const n = params.length;
  const { rows } = await db.query<PointRow>(
    `WITH m AS (${merchants}), b AS (SELECT * FROM unnest($${n}::date[]) WITH ORDINALITY AS b(start, ord))
     SELECT r.kind, (b.ord - 1)::int AS point, sum(r.volume)::bigint AS v
       FROM m CROSS JOIN b
       JOIN dashboard_rollups r
         ON r.owner_account_id = m.id AND r.period = $${n - 1} AND r.period_start = b.start
      WHERE r.currency = ${c} AND r.kind IN ('payin', 'payout') AND r.status = 'success'
      GROUP BY r.kind, b.ord`,
    params,
  );
  return rows;
}

/** The series a chart row belongs to (its kind is one of the series' keys). */
const seriesOf = <S extends Record<string, bigint[]>>(series: S, kind: string) =>
  series[kind as keyof S]!;

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
  if (!currency)
    return { total_payin: '0', total_payout: '0', payin: [], payouts: [], date: buckets.labels };
  const rows = await pointRows(db, scope, currency, buckets);
  const series = { payin: buckets.labels.map(() => 0n), payout: buckets.labels.map(() => 0n) };
  // The series are the chart's kinds (the rollups' CHART_KINDS): a row of another kind has none.
  for (const r of rows)
    if (Object.hasOwn(series, r.kind)) seriesOf(series, r.kind)[Number(r.point)] = BigInt(r.v);
  const total = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  return {
    total_payin: formatAmount(total(series.payin), currency),
    total_payout: formatAmount(total(series.payout), currency),
    payin: series.payin.map((v) => formatAmount(v, currency)),
    payouts: series.payout.map((v) => formatAmount(v, currency)),
    date: buckets.labels,
  };
}
