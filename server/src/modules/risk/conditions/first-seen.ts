import { spanMinutes } from '@bo/contract';
import { keyValueOf, type ConditionDef } from '../risk-types';
import { startOfLocalDay } from './local-time';

/**
 * The request's key was first seen on the platform since the start of today (in the merchant's
 * zone) or within a span before it; a key never seen before is new.
 */
export const firstSeenCondition: ConditionDef<'firstSeen'> = {
  js(c, facts, history, lookups) {
    const value = keyValueOf(facts, c.key);
    if (value === undefined) return { matched: false, seen: null };
    const first = history.firstSeen(c.key, value, facts.at);
    if (!first) return { matched: true, seen: null };
    const since =
      c.since === 'today'
        ? startOfLocalDay(facts.at, lookups.zoneOf(facts.merchantId))
        : new Date(facts.at.getTime() - spanMinutes(c.since) * 60_000);
    return { matched: first >= since, seen: first.toISOString() };
  },
};
