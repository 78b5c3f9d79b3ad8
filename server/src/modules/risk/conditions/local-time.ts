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

/** A wall clock: minutes since midnight, and milliseconds since midnight. */
interface WallClock {
  readonly minutes: number;
  readonly sinceMidnightMs: number;
}

/**
 * The last clock read, by zone and instant: every time-of-day rule of a request asks for the
 * same one, and `formatToParts` is most of what such a rule costs (`npm run bench:risk-eval`).
 */
let lastRead: { zone: string; time: number; clock: WallClock } | undefined;

/** The wall clock of `at` in `zone`: hours, minutes, seconds and milliseconds since midnight. */
export function localClock(at: Date, zone: string): WallClock {
  const time = at.getTime();
  if (lastRead?.zone === zone && lastRead.time === time) return lastRead.clock;
  const parts = clockOf(zone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const minutes = part('hour') * 60 + part('minute');
  const clock = {
    minutes,
    sinceMidnightMs: (minutes * 60 + part('second')) * 1000 + at.getUTCMilliseconds(),
  };
  lastRead = { zone, time, clock };
  return clock;
}

/** The instant the local day of `at` began in `zone` (the wall clock's midnight). */
export const startOfLocalDay = (at: Date, zone: string): Date =>
  new Date(at.getTime() - localClock(at, zone).sinceMidnightMs);

/** "HH:MM" as minutes since midnight. */
export const minutesOf = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
