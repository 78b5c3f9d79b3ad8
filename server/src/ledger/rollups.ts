import type { Queryable } from '../db/db';
import { joinWrites, runWrites, type Writes } from '../db/writes';
import { dashboardRollupWrites } from './dashboard-rollups';
import { HALF_HOUR_MS } from './half-hours';
import { reportRollupWrites } from './report-rollups';
import type { RollupDelta } from './rollup-delta';

export {
  splitFiguresOf,
  transitionDeltas,
  type FeeSplitFigures,
  type RollupDelta,
} from './rollup-delta';

export const ROLLUP_SLOTS = 16;

const DAY_MS = 86_400_000;
const dayNames = new Map<number, string>();

/** The UTC day of an instant as YYYY-MM-DD (cached: batches repeat a few days many times). */
function utcDay(at: Date): string {
  const n = Math.floor(at.getTime() / DAY_MS);
  let name = dayNames.get(n);
  if (!name) {
    name = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size > 10_000) dayNames.clear();
    dayNames.set(n, name);
  }
  return name;
}

/**
 * Adds the deltas to the daily rollups and the dashboard's rollups, in the caller's
 * transaction (one statement). `slot` spreads one tenant's concurrent writers over several rows.
 */
export async function applyRollups(
  tx: Queryable,
  deltas: readonly RollupDelta[],
  slot?: number,
): Promise<void> {
  await runWrites(tx, [rollupWrites(deltas, slot)]);
}

interface HalfHourSum {
  readonly first: RollupDelta;
  readonly halfHour: number;
  count: number;
  volume: bigint;
  fee: bigint;
  gatewayCost: bigint;
  resellerCommission: bigint;
  platformProfit: bigint;
}

/**
 * The deltas summed per tenant, currency, kind, status, gateway and 30-minute UTC bucket, each
 * dated at its bucket's start. Every rollup's buckets (UTC days, Malaysia hours, days and
 * months, report half hours) are whole half hours, so the rollups of the sums are the rollups
 * of the deltas; a batch's hundreds of deltas become a few, and each rollup's own grouping
 * (eight rows per delta for the dashboard) runs on those few.
 */
function mergedByHalfHour(deltas: readonly RollupDelta[]): RollupDelta[] {
  const sums = new Map<string, HalfHourSum>();
  for (const d of deltas) {
    const halfHour = Math.floor(d.createdAt.getTime() / HALF_HOUR_MS);
    const key = `${halfHour}|${d.ownerAccountId}|${d.currency}|${d.kind}|${d.status}|${d.gatewayCode ?? ''}`;
    let s = sums.get(key);
    if (!s) {
      s = {
        first: d,
        halfHour,
        count: 0,
        volume: 0n,
        fee: 0n,
        gatewayCost: 0n,
        resellerCommission: 0n,
        platformProfit: 0n,
      };
      sums.set(key, s);
    }
    s.count += d.count;
    s.volume += d.volume;
    s.fee += d.fee;
    s.gatewayCost += d.split?.gatewayCost ?? 0n;
    s.resellerCommission += d.split?.resellerCommission ?? 0n;
    s.platformProfit += d.split?.platformProfit ?? 0n;
  }
  return [...sums.values()].map((s) => ({
    ownerAccountId: s.first.ownerAccountId,
    currency: s.first.currency,
    kind: s.first.kind,
    status: s.first.status,
    gatewayCode: s.first.gatewayCode,
    createdAt: new Date(s.halfHour * HALF_HOUR_MS),
    count: s.count,
    volume: s.volume,
    fee: s.fee,
    split: {
      gatewayCost: s.gatewayCost,
      resellerCommission: s.resellerCommission,
      platformProfit: s.platformProfit,
    },
  }));
}

/**
 * The rollup writes of the deltas (daily, dashboard and report rollups), or null when nothing changes.
 * Rows are aggregated and written in key order, so concurrent writers do not deadlock.
 */
export function rollupWrites(
  allDeltas: readonly RollupDelta[],
  slot = Math.floor(Math.random() * ROLLUP_SLOTS),
): Writes | null {
  const deltas = mergedByHalfHour(allDeltas);
  const sums = new Map<
    string,
    { d: RollupDelta; day: string; count: number; volume: bigint; fee: bigint }
  >();
  for (const d of deltas) {
    const day = utcDay(d.createdAt);
    const key = `${d.ownerAccountId}|${d.currency}|${day}|${d.kind}|${d.status}|${d.gatewayCode ?? ''}`;
    const s = sums.get(key) ?? { d, day, count: 0, volume: 0n, fee: 0n };
    s.count += d.count;
    s.volume += d.volume;
    s.fee += d.fee;
    sums.set(key, s);
  }
  const rows = [...sums.entries()]
    .filter(([, s]) => s.count !== 0 || s.volume !== 0n || s.fee !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, s]) => s);
  const dashboard = joinWrites(
    dashboardRollupWrites(deltas, slot),
    reportRollupWrites(deltas, slot),
  );
  if (!rows.length) return dashboard;
  const daily: Writes = {
    statements: [
      `INSERT INTO daily_rollups (owner_account_id, currency, day, kind, status, gateway_code, slot, count, volume, fee)
     SELECT o, c, d, k, s, g, $7::smallint, n, v, f
       FROM unnest($1::uuid[], $2::text[], $3::date[], $4::text[], $5::text[], $6::text[],
                   $8::bigint[], $9::bigint[], $10::bigint[]) AS t(o, c, d, k, s, g, n, v, f)
     ON CONFLICT (owner_account_id, currency, day, kind, status, gateway_code, slot) DO UPDATE
       SET count = daily_rollups.count + EXCLUDED.count,
           volume = daily_rollups.volume + EXCLUDED.volume,
           fee = daily_rollups.fee + EXCLUDED.fee`,
    ],
    params: [
      rows.map((r) => r.d.ownerAccountId),
      rows.map((r) => r.d.currency),
      rows.map((r) => r.day),
      rows.map((r) => r.d.kind),
      rows.map((r) => r.d.status),
      rows.map((r) => r.d.gatewayCode ?? ''),
      slot,
      rows.map((r) => String(r.count)),
      rows.map((r) => r.volume.toString()),
      rows.map((r) => r.fee.toString()),
    ],
  };
  return joinWrites(dashboard, daily);
}
