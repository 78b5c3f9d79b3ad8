/** The health of each gateway as getGatewayHealth answers it, from the figure queries. */
import {
  HEALTH_CHART_HOURS,
  HEALTH_DETAIL_WINDOW_MINUTES,
  HEALTH_WINDOW_NAMES,
  HEALTH_WINDOWS,
  successPercent,
  type GatewayHealthRow,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { isoOrNull } from '../scoped-lists/scope';
import {
  findCallbackFigures,
  findHourlyOutcomes,
  findLastCallbacks,
  findLastSuccesses,
  findOutcomeCounts,
  findPendingPayins,
  type HealthGateway,
} from './health-figures.queries';

const MINUTE = 60_000;
const HOUR = 3_600_000;

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);

/** Success, failed and expired pay-ins per gateway created in the last `minutes` each. */
export async function finishedCounts(
  db: Queryable,
  gatewayIds: readonly string[],
  windows: readonly number[],
  now: Date,
) {
  const sorted = [...new Set(windows)].sort((a, b) => a - b);
  const rows = await findOutcomeCounts(
    db,
    gatewayIds,
    sorted.map((m) => minutesAgo(now, m)),
    now,
  );
  const counts = new Map<string, { success: number; failed: number; expired: number }>();
  const keyOf = (gatewayId: string, minutes: number) => `${gatewayId}:${minutes}`;
  for (const row of rows) {
    sorted.forEach((minutes, i) => {
      const key = keyOf(row.gateway_id, minutes);
      const entry = counts.get(key) ?? { success: 0, failed: 0, expired: 0 };
      if (row.status === 'success' || row.status === 'failed' || row.status === 'expired')
        entry[row.status] += row.counts[i]!;
      counts.set(key, entry);
    });
  }
  return (gatewayId: string, minutes: number) => {
    const c = counts.get(keyOf(gatewayId, minutes)) ?? { success: 0, failed: 0, expired: 0 };
    const attempts = c.success + c.failed + c.expired;
    return {
      ...c,
      attempts,
      rate: attempts > 0 ? successPercent(c.success, attempts) : null,
    };
  };
}

/** The chart's hours: the current one and the 23 before it, as hours since the epoch. */
export function chartHours(now: Date): number[] {
  const current = Math.floor(now.getTime() / HOUR);
  return Array.from({ length: HEALTH_CHART_HOURS }, (_, i) => current - HEALTH_CHART_HOURS + 1 + i);
}

/** Every figure of the given gateways at `now`, with their open alert counts. */
export async function readGatewayHealth(
  db: Queryable,
  gateways: readonly HealthGateway[],
  openAlerts: ReadonlyMap<string, number>,
  now: Date,
): Promise<GatewayHealthRow[]> {
  const ids = gateways.map((g) => g.id);
  const hours = chartHours(now);
  const windowMinutes = [...Object.values(HEALTH_WINDOWS), HEALTH_DETAIL_WINDOW_MINUTES];
  const [counts, hourly, pending, successes, callbacks, callbackFigures] = await Promise.all([
    finishedCounts(db, ids, windowMinutes, now),
    findHourlyOutcomes(db, ids, new Date(hours[0]! * HOUR), now),
    findPendingPayins(db, ids),
    findLastSuccesses(db, ids, minutesAgo(now, HEALTH_WINDOWS['24h'])),
    findLastCallbacks(db, ids),
    findCallbackFigures(db, ids, minutesAgo(now, HEALTH_DETAIL_WINDOW_MINUTES)),
  ]);
  const byGateway = <T extends { gateway_id: string }>(rows: readonly T[]) =>
    new Map(rows.map((r) => [r.gateway_id, r]));
  const pendingOf = byGateway(pending);
  const successOf = byGateway(successes);
  const callbackOf = byGateway(callbacks);
  const figuresOf = byGateway(callbackFigures);
  const hourIndex = new Map(hours.map((h, i) => [h, i]));
  return gateways.map((g) => {
    const success = hours.map(() => 0);
    const unsuccessful = hours.map(() => 0);
    for (const row of hourly) {
      const i = hourIndex.get(row.hour);
      if (row.gateway_id !== g.id || i === undefined) continue;
      success[i] = row.success;
      unsuccessful[i] = row.unsuccessful;
    }
    const open = pendingOf.get(g.id);
    const figures = figuresOf.get(g.id);
    const detail = counts(g.id, HEALTH_DETAIL_WINDOW_MINUTES);
    return {
      ...g,
      windows: HEALTH_WINDOW_NAMES.map((window) => {
        const c = counts(g.id, HEALTH_WINDOWS[window]);
        return {
          window,
          attempts: c.attempts,
          success_count: c.success,
          failed_count: c.failed,
          expired_count: c.expired,
          success_rate: c.rate,
        };
      }),
      latency_p50_ms: figures?.p50 ?? null,
      latency_p95_ms: figures?.p95 ?? null,
      latency_samples: figures?.samples ?? 0,
      pending_count: open?.pending ?? 0,
      oldest_pending_seconds: open
        ? Math.max(0, Math.floor((now.getTime() - open.oldest.getTime()) / 1000))
        : 0,
      last_success_at: isoOrNull(successOf.get(g.id)?.at ?? null),
      last_callback_at: isoOrNull(callbackOf.get(g.id)?.at ?? null),
      failure_reasons: [
        { reason: 'declined' as const, count: detail.failed },
        { reason: 'expired' as const, count: detail.expired },
        { reason: 'ignored_callback' as const, count: figures?.ignored ?? 0 },
      ],
      open_alerts: openAlerts.get(g.id) ?? 0,
      chart: { hours: hours.map((h) => new Date(h * HOUR).toISOString()), success, unsuccessful },
    };
  });
}
