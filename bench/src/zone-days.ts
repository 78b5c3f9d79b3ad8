const DAY = 86_400_000;

/**
 * The last `days` whole days of a zone `offsetMinutes` from UTC (today included), as the web's
 * date presets send them: from the first day's 00:00:00 to the last day's 23:59:59.
 */
export function lastZoneDays(days: number, offsetMinutes: number): { from: string; to: string } {
  const offset = offsetMinutes * 60_000;
  const todayStart = Math.floor((Date.now() + offset) / DAY) * DAY - offset;
  return {
    from: new Date(todayStart - (days - 1) * DAY).toISOString(),
    to: new Date(todayStart + DAY - 1000).toISOString(),
  };
}
