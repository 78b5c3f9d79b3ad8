/**
 * One formatter per zone, made once: making an `Intl.DateTimeFormat` costs about a hundred
 * times what using one does, and intake reads the clock for every time-of-day rule of every
 * request (issue 42, "Speed"). Zones are the merchants' few choices, so the map stays small.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(zone, clock);
  }
  return clock;
}

/** The wall clock of `at` in `zone`: hours, minutes, seconds and milliseconds since midnight. */
export function localClock(at: Date, zone: string): { minutes: number; sinceMidnightMs: number } {
  const parts = clockOf(zone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const minutes = part('hour') * 60 + part('minute');
  return {
    minutes,
    sinceMidnightMs: (minutes * 60 + part('second')) * 1000 + at.getUTCMilliseconds(),
  };
}

/** The instant the local day of `at` began in `zone` (the wall clock's midnight). */
export const startOfLocalDay = (at: Date, zone: string): Date =>
  new Date(at.getTime() - localClock(at, zone).sinceMidnightMs);

/** "HH:MM" as minutes since midnight. */
export const minutesOf = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
