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

/**
 * The slot of a writer that writes alone (the demo seed; tests that build a history): its rows
 * are folded once. Writers never write slot 0: it is the compaction's, which adds what it folds
 * to the dashboard's scope rows in the same statement (`scope-rollups.ts`).
 */
export const LONE_WRITER_SLOT = 1;

/**
 * Adds the deltas to the dashboard's and the reports' rollups, in the caller's transaction.
 * `slot` spreads one tenant's concurrent writers over several rows.
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
 * The rollup writes of the deltas (dashboard and report rollups), or null when nothing changes.
 * Rows are aggregated and written in key order, so concurrent writers do not deadlock. A writer
 * takes a slot from 1 up at random, or the one it is given; slot 0 is the compaction's.
 */
export function rollupWrites(
  allDeltas: readonly RollupDelta[],
  slot = 1 + Math.floor(Math.random() * (ROLLUP_SLOTS - 1)),
): Writes | null {
  if (!Number.isInteger(slot) || slot < 1 || slot >= ROLLUP_SLOTS)
    throw new Error(`rollup slot ${slot}: writers use 1–15`);
  const deltas = mergedByHalfHour(allDeltas);
  return joinWrites(dashboardRollupWrites(deltas, slot), reportRollupWrites(deltas, slot));
}
