import { formatInZone } from '@bo/contract';
import { HALF_HOUR_MS } from './half-hours';
import { REPORT_ZONES } from './report-folding';

/** The dashboard's day or month grain. */
export type ZoneGrain = 'day' | 'month';

/**
 * The `dashboard_rollups` period of a zone's days or months: `day` / `month` in UTC (the rows
 * the spec's UTC figures always had), `day@Asia/Kolkata` / `month@Asia/Kolkata` in another zone
 * (migration 0915). `period_start` is then the day (month) in that zone.
 */
export function zonePeriod(grain: ZoneGrain, zone: string): string {
  return zone === 'UTC' ? grain : `${grain}@${zone}`;
}

/** The zones other than UTC whose days and months the dashboard rollups keep. */
export const DASHBOARD_ZONES: readonly string[] = REPORT_ZONES.filter((z) => z !== 'UTC');

export interface ZoneDate {
  readonly zone: string;
  /** YYYY-MM-DD in the zone. */
  readonly day: string;
  /** YYYY-MM-01 in the zone. */
  readonly month: string;
}

const cache = new Map<number, readonly ZoneDate[]>();

/**
 * The day and month of `at` in every zone of `DASHBOARD_ZONES`. Every zone of the spec's list
 * changes day (and daylight-saving offset) on a half hour, so one answer serves a whole 30-minute
 * UTC bucket: cached per bucket, as batches repeat a few.
 */
export function zoneDatesOf(at: Date): readonly ZoneDate[] {
  const n = Math.floor(at.getTime() / HALF_HOUR_MS);
  let dates = cache.get(n);
  if (!dates) {
    const start = new Date(n * HALF_HOUR_MS);
    dates = DASHBOARD_ZONES.map((zone) => {
      const day = formatInZone(start, zone).slice(0, 10);
      return { zone, day, month: `${day.slice(0, 7)}-01` };
    });
    if (cache.size > 10_000) cache.clear();
    cache.set(n, dates);
  }
  return dates;
}
