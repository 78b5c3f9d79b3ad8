import { MONEY_KINDS, moneyKindNames, type MoneyKindDef } from '@bo/contract';
import type { Writes } from '../db/writes';
import { zoneDatesOf, zonePeriod } from './dashboard-zones';
import { halfHourOf } from './half-hours';
import type { RollupDelta } from './rollup-delta';

/**
 * Kinds whose successful volume the dashboard chart draws (`dashboard.series`), and the statuses
 * that count (their `outcomes.success`).
 */
const CHART_KINDS: ReadonlyMap<string, readonly string[]> = new Map(
  MONEY_KINDS.flatMap((k: MoneyKindDef) =>
    k.dashboard?.series ? [[k.name, k.outcomes.success] as const] : [],
  ),
);
/** Kinds whose outcomes the dashboard rolls up per gateway (`dashboard.gatewayRollups`). */
const GATEWAY_ROLLUP_KINDS: ReadonlySet<string> = new Set(
  moneyKindNames((k) => !!k.dashboard?.gatewayRollups),
);
const ALL_TIME = '1970-01-01';

interface Row {
  key: string;
  cols: string[];
  count: number;
  volume: bigint;
}

function add(map: Map<string, Row>, cols: string[], count: number, volume: bigint) {
  const key = cols.join('|');
  const row = map.get(key) ?? { key, cols, count: 0, volume: 0n };
  row.count += count;
  row.volume += volume;
  map.set(key, row);
}

/** The UTC hour holding `at`, as ISO text. */
function hourOf(at: Date): string {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/**
 * The dashboard's rollup writes for the deltas (day, month and all-time figures without the
 * gateway dimension; in UTC and in every zone
 * of the time zone choices; UTC hours and half-hours of successful pay-ins and pay-outs for the
 * chart's 1D; each gateway's pay-in
 * outcomes), or null when nothing changes. Rows are written in key order so concurrent
 * writers do not deadlock.
 */
export function dashboardRollupWrites(deltas: readonly RollupDelta[], slot: number): Writes | null {
  const figures = new Map<string, Row>();
  const chart = new Map<string, Row>();
  const gateways = new Map<string, Row>();
  for (const d of deltas) {
    const day = d.createdAt.toISOString().slice(0, 10);
    const month = `${day.slice(0, 7)}-01`;
    const periods = [
      ['day', day],
      ['month', month],
      ['all', ALL_TIME],
    ];
    // The days and months of every other zone of the time zone choices (issue 40).
    for (const z of zoneDatesOf(d.createdAt))
      periods.push([zonePeriod('day', z.zone), z.day], [zonePeriod('month', z.zone), z.month]);
    for (const [period, start] of periods) {
      add(
        figures,
        [d.ownerAccountId, d.currency, period!, start!, d.kind, d.status],
        d.count,
        d.volume,
      );
    }
    if (GATEWAY_ROLLUP_KINDS.has(d.kind) && d.gatewayCode) {
      for (const [period, start] of [
        ['day', day],
        ['all', ALL_TIME],
      ]) {
        add(gateways, [d.gatewayCode, period!, start!, d.status], d.count, d.volume);
      }
    }
    if (CHART_KINDS.get(d.kind)?.includes(d.status)) {
      // The chart's 1D hours; its days and months are the figures' own rows above.
      for (const [granularity, bucket] of [
        ['hour', hourOf(d.createdAt)],
        ['half_hour', halfHourOf(d.createdAt)],
      ]) {
        add(
          chart,
          [d.ownerAccountId, d.currency, d.kind, granularity!, bucket!],
          d.count,
          d.volume,
        );
      }
    }
  }
  const sorted = (m: Map<string, Row>) =>
    [...m.values()]
      .filter((r) => r.count !== 0 || r.volume !== 0n)
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  const f = sorted(figures);
  const c = sorted(chart);
  const g = sorted(gateways);
  if (!f.length && !c.length && !g.length) return null;
  const col = (rows: Row[], i: number) => rows.map((r) => r.cols[i]!);
  return {
    statements: [
      `INSERT INTO dashboard_rollups (owner_account_id, currency, period, period_start, kind, status, slot, count, volume)
       SELECT o, cu, p, ps, k, s, $16::smallint, n, v
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::date[], $5::text[], $6::text[], $7::bigint[], $8::bigint[])
              AS t(o, cu, p, ps, k, s, n, v)
       ON CONFLICT (owner_account_id, period, period_start, currency, kind, status, slot) DO UPDATE
         SET count = dashboard_rollups.count + EXCLUDED.count, volume = dashboard_rollups.volume + EXCLUDED.volume`,
      `INSERT INTO gateway_rollups (gateway_code, period, period_start, status, slot, count, volume)
       SELECT gc, p, ps, s, $16::smallint, n, v
         FROM unnest($17::text[], $18::text[], $19::date[], $20::text[], $21::bigint[], $22::bigint[]) AS t(gc, p, ps, s, n, v)
       ON CONFLICT (gateway_code, period, period_start, status, slot) DO UPDATE
         SET count = gateway_rollups.count + EXCLUDED.count, volume = gateway_rollups.volume + EXCLUDED.volume`,
      `INSERT INTO chart_rollups (owner_account_id, currency, kind, granularity, bucket, slot, count, volume)
       SELECT o, cu, k, g, b, $16::smallint, n, v
         FROM unnest($9::uuid[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::bigint[], $15::bigint[])
              AS t(o, cu, k, g, b, n, v)
       ON CONFLICT (owner_account_id, currency, kind, granularity, bucket, slot) DO UPDATE
         SET count = chart_rollups.count + EXCLUDED.count, volume = chart_rollups.volume + EXCLUDED.volume`,
    ],
    params: [
      col(f, 0),
      col(f, 1),
      col(f, 2),
      col(f, 3),
      col(f, 4),
      col(f, 5),
      f.map((r) => String(r.count)),
      f.map((r) => r.volume.toString()),
      col(c, 0),
      col(c, 1),
      col(c, 2),
      col(c, 3),
      col(c, 4),
      c.map((r) => String(r.count)),
      c.map((r) => r.volume.toString()),
      slot,
      col(g, 0),
      col(g, 1),
      col(g, 2),
      col(g, 3),
      g.map((r) => String(r.count)),
      g.map((r) => r.volume.toString()),
    ],
  };
}
