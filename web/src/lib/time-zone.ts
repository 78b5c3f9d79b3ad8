import { formatInTimeZone, TIMEZONE_CHOICES, type TimezoneChoice } from '@bo/contract';

/** The time zone choice screens start with: Default, which is UTC. */
export const DEFAULT_TIME_ZONE: TimezoneChoice = 'Default';

/** Whether `value` is one of the spec's time zone choices. */
export function isTimezoneChoice(value: unknown): value is TimezoneChoice {
  return typeof value === 'string' && (TIMEZONE_CHOICES as readonly string[]).includes(value);
}

export { formatInTimeZone, ianaZoneOf } from '@bo/contract';

/** The wall clock of an instant in the chosen zone, to the minute: "14:00" (chart hours). */
export function clockInTimeZone(instant: Date | string, choice: TimezoneChoice): string {
  return formatInTimeZone(instant, choice).slice(11, 16);
}

/** A calendar day as "YYYY-MM-DD". */
export type DayText = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written "YYYY-MM-DD". */
export function isDayText(text: string): text is DayText {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The calendar day an instant falls on in the chosen zone. */
export function dayInZone(instant: Date, choice: TimezoneChoice): DayText {
  return formatInTimeZone(instant, choice).slice(0, 10);
}

/** `day` moved by `days` calendar days (no zone involved: calendar arithmetic only). */
export function addDays(day: DayText, days: number): DayText {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC in milliseconds at an instant (positive east of Greenwich). */
function offsetAt(instant: number, choice: TimezoneChoice): number {
  const local = formatInTimeZone(new Date(instant), choice);
  const asUtc = Date.parse(`${local.replace(' ', 'T')}Z`);
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant a wall-clock time on `day` happens in the chosen zone. Two passes settle the
 * offset on a daylight-saving change day (Brazil, Australia).
 */
export function instantOfLocalTime(
  day: DayText,
  clock: { h: number; m: number; s: number; ms: number },
  choice: TimezoneChoice,
): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, clock.h, clock.m, clock.s, clock.ms);
  const first = wall - offsetAt(wall, choice);
  return new Date(wall - offsetAt(first, choice));
}
