import { formatAmount, type StatisticsPeriod } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { chartBuckets } from './dashboard-time';
import { merchantsInScopeSql, type DashboardScope } from './dashboard-scope';

/**
 * The Statistical Overview: successful pay-in and pay-out volume per bucket of the period,
 * labelled in Malaysia time, and the period's totals. Needs one currency (amounts of different
 * currencies do not add up): with none, the series are empty and the totals zero.
 */
export async function findStatistics(
  db: Queryable,
  scope: DashboardScope,
  currency: string | null,
  period: StatisticsPeriod,
  now: Date,
) {
  const buckets = chartBuckets(period, now);
  if (!currency)
    return { total_payin: '0', total_payout: '0', payin: [], payouts: [], date: buckets.labels };
  const params: unknown[] = [];
  const merchants = merchantsInScopeSql(scope, params);
  params.push(currency, buckets.granularity, buckets.starts);
  const n = params.length;
  const { rows } = await db.query<{ kind: string; bucket: Date; v: bigint }>(
    `WITH m AS (${merchants})
     SELECT c.kind, c.bucket, sum(c.volume)::bigint AS v
       FROM chart_rollups c JOIN m ON m.id = c.owner_account_id
      WHERE c.currency = $${n - 2} AND c.granularity = $${n - 1} AND c.bucket = ANY($${n}::timestamptz[])
        AND c.kind IN ('payin', 'payout')
      GROUP BY c.kind, c.bucket`,
    params,
  );
  const index = new Map(buckets.starts.map((s, i) => [s, i]));
  const series = { payin: buckets.starts.map(() => 0n), payout: buckets.starts.map(() => 0n) };
  for (const r of rows) {
    const i = index.get(new Date(r.bucket).toISOString());
    if (i !== undefined && (r.kind === 'payin' || r.kind === 'payout')) series[r.kind][i] = r.v;
  }
  const total = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  return {
    total_payin: formatAmount(total(series.payin), currency),
    total_payout: formatAmount(total(series.payout), currency),
    payin: series.payin.map((v) => formatAmount(v, currency)),
    payouts: series.payout.map((v) => formatAmount(v, currency)),
    date: buckets.labels,
  };
}
