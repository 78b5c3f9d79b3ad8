import { formatInZone } from '@bo/contract';
import { zonePeriod } from '../../ledger/dashboard-zones';
import { HALF_HOUR_MS } from '../../ledger/half-hours';

/**
 * The calendar days of the dashboard in one zone (an IANA zone of the time zone choices; UTC by
 * default) and the `dashboard_rollups` periods holding that zone's days and months.
 */
export interface DashboardDays {
  zone: string;
  today: string;
  yesterday: string;
  monthStart: string;
  dayPeriod: string;
  monthPeriod: string;
}

/** A date (YYYY-MM-DD) moved by whole calendar days. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The first of the month (YYYY-MM-01) `n` months after the one of `day`. */
function addMonths(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

export function dashboardDays(now: Date, zone = 'UTC'): DashboardDays {
  const today = formatInZone(now, zone).slice(0, 10);
  return {
    zone,
    today,
    yesterday: addDays(today, -1),
    monthStart: `${today.slice(0, 7)}-01`,
    dayPeriod: zonePeriod('day', zone),
    monthPeriod: zonePeriod('month', zone),
  };
}

/** The chart's 1D: hours of the zone, read from UTC hours, or half-hours off the hour. */
export interface HourBuckets {
  source: 'hours';
  granularity: 'hour' | 'half_hour';
  /** The rollup buckets (UTC instants) to read, and the point each one adds to. */
  buckets: string[];
  pointOf: number[];
  labels: string[];
}

/** The chart's 7D, 1M and 1Y: the zone's days or months, the same rows as TD, YD and TM. */
export interface DayBuckets {
  source: 'figures';
  /** The `dashboard_rollups` period and its starts (YYYY-MM-DD), one per point. */
  period: string;
  starts: string[];
  labels: string[];
}

export type ChartBuckets = HourBuckets | DayBuckets;

const HOUR_MS = 3_600_000;

function hourBuckets(now: Date, zone: string): HourBuckets {
  const clock = formatInZone(now, zone);
  const intoHour = (Number(clock.slice(14, 16)) * 60 + Number(clock.slice(17, 19))) * 1000;
  const hourStart = now.getTime() - (now.getTime() % 1000) - intoHour;
  // Every zone of the choices is a whole or a half hour off UTC: its hours start on the UTC
  // hour or half past it.
  const granularity = hourStart % HOUR_MS === 0 ? 'hour' : 'half_hour';
  const step = granularity === 'hour' ? HOUR_MS : HALF_HOUR_MS;
  const result: HourBuckets = {
    source: 'hours',
    granularity,
    buckets: [],
    pointOf: [],
    labels: [],
  };
  for (let i = 23; i >= 0; i--) {
    const start = hourStart - i * HOUR_MS;
    for (let at = start; at < start + HOUR_MS; at += step) {
      result.buckets.push(new Date(at).toISOString());
      result.pointOf.push(23 - i);
    }
    result.labels.push(`${formatInZone(new Date(start), zone).slice(5, 13)}:00`);
  }
  return result;
}

/**
 * The chart's points for a period in a zone, ending with the one holding `now`: 1D = the last
 * 24 hours of the zone, 7D = 7 days, 1M = 30 days, 1Y = 12 months of the zone. Labels are the
 * zone's wall clock.
 */
export function chartBuckets(
  period: '1D' | '7D' | '1M' | '1Y',
  now: Date,
  zone = 'UTC',
): ChartBuckets {
  if (period === '1D') return hourBuckets(now, zone);
  const { today } = dashboardDays(now, zone);
  if (period === '1Y') {
    const starts = Array.from({ length: 12 }, (_, i) => addMonths(today, i - 11));
    return {
      source: 'figures',
      period: zonePeriod('month', zone),
      starts,
      labels: starts.map((s) => s.slice(0, 7)),
    };
  }
  const days = period === '7D' ? 7 : 30;
  const starts = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
  return { source: 'figures', period: zonePeriod('day', zone), starts, labels: starts };
}
