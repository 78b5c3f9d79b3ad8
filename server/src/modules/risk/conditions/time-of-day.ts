import type { ConditionDef } from '../risk-types';
import { localClock, minutesOf } from './local-time';

/**
 * The request's time in the merchant's zone is from `from` (inclusive) to `to` (exclusive); a
 * `from` after `to` wraps midnight (22:00–06:00 is the night).
 */
export const timeOfDayCondition: ConditionDef<'timeOfDay'> = {
  js(c, facts, _history, lookups) {
    const now = localClock(facts.at, lookups.zoneOf(facts.merchantId)).minutes;
    const [from, to] = [minutesOf(c.from), minutesOf(c.to)];
    const matched = from < to ? now >= from && now < to : now >= from || now < to;
    const hhmm = `${String(Math.floor(now / 60)).padStart(2, '0')}:${String(now % 60).padStart(2, '0')}`;
    return { matched, seen: hhmm };
  },
};
