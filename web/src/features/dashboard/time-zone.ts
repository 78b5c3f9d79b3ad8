import { formatDateInCountry, TIMEZONE_CHOICES, type TimezoneChoice } from '@bo/contract';

/** The time zone choice the dashboard starts with: Default, which is UTC. */
export const DEFAULT_TIME_ZONE: TimezoneChoice = 'Default';

export function isTimezoneChoice(value: unknown): value is TimezoneChoice {
  return typeof value === 'string' && (TIMEZONE_CHOICES as readonly string[]).includes(value);
}

/** "YYYY-MM-DD HH:mm:ss" in the chosen zone: Default is UTC, the others the country's zone. */
export function formatInTimeZone(date: Date, choice: TimezoneChoice): string {
  if (choice === 'Default') return date.toISOString().slice(0, 19).replace('T', ' ');
  return formatDateInCountry(date, choice.toLowerCase());
}

/** A duration in seconds as whole days and an "hh:mm:ss" clock (days are worded by the caller). */
export function durationParts(totalSeconds: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  return {
    days: Math.floor(seconds / 86_400),
    clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds % 60)}`,
  };
}
