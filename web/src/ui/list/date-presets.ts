import type { TimezoneChoice } from '@bo/contract';
import { addDays, dayInZone, instantOfLocalTime, type DayText } from '../../lib/time-zone';

/**
 * The spec's date range helpers (section 9): the last 1, 2, 3, 7, 30 days and yesterday; beside
 * them this month (to today) and last month (issue 25), whole months of the chosen zone.
 */
export const DATE_PRESETS = [
  'last1',
  'last2',
  'last3',
  'last7',
  'last30',
  'yesterday',
  'thisMonth',
  'lastMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DayRange {
  readonly from: DayText;
  readonly to: DayText;
}

const LAST_DAYS: Record<Exclude<DatePreset, 'yesterday' | 'thisMonth' | 'lastMonth'>, number> = {
  last1: 1,
  last2: 2,
  last3: 3,
  last7: 7,
  last30: 30,
};

/** The whole days a preset covers, counted from today in the chosen zone ("last 1" is today). */
export function presetRange(preset: DatePreset, now: Date, zone: TimezoneChoice): DayRange {
  const today = dayInZone(now, zone);
  if (preset === 'yesterday') {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  // A day is YYYY-MM-DD, so its month's first day is its first eight characters and 01.
  const firstOfMonth = (day: DayText): DayText => `${day.slice(0, 8)}01`;
  if (preset === 'thisMonth') return { from: firstOfMonth(today), to: today };
  if (preset === 'lastMonth') {
    const lastDay = addDays(firstOfMonth(today), -1);
    return { from: firstOfMonth(lastDay), to: lastDay };
  }
  return { from: addDays(today, 1 - LAST_DAYS[preset]), to: today };
}

/** Which preset a range is today, or null for a custom range. */
export function presetOf(range: DayRange, now: Date, zone: TimezoneChoice): DatePreset | null {
  return (
    DATE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, now, zone);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/**
 * The instants a range of whole days covers in the chosen zone, as the call's inclusive
 * `from`/`to`: 00:00:00 of the first day to 23:59:59 (and its last millisecond) of the last.
 */
export function rangeInstants(range: DayRange, zone: TimezoneChoice): { from: string; to: string } {
  return {
    from: instantOfLocalTime(range.from, { h: 0, m: 0, s: 0, ms: 0 }, zone).toISOString(),
    to: instantOfLocalTime(range.to, { h: 23, m: 59, s: 59, ms: 999 }, zone).toISOString(),
  };
}
