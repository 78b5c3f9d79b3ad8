import { createHash } from 'node:crypto';
import {
  globMatches,
  normalizeRiskValue,
  parseIpAddress,
  parseIpRange,
  rangeBounds,
  type IpVersion,
  type RiskKeyType,
} from '@bo/contract';

/**
 * A risk list in memory, for intake (docs/plans/issue-42.md §2.1): no I/O, no regex. Exact
 * keys are a Set of their canonical values; IP prefixes are merged, sorted ranges found by
 * binary search; order-id globs are matched one by one by a linear walk (`globMatches`), their
 * literal entries through the value set. A backtest's values are 64-bit hashes
 * (`riskValueHash`, the entries' `value_h`): the hash sets are made on its first lookup.
 */
export interface ListMatcher {
  readonly keyType: RiskKeyType;
  /** Whether `fact` (as the request carries it, normalised here) is on the list. */
  matches(fact: string): boolean;
  /**
   * Whether a value known only by its hash (`riskValueHash` of its canonical form, as the facts
   * keep it) is on the list: exact entries, single IP addresses and literal order ids; an IP
   * prefix or an order-id glob needs the value itself and never matches a hash.
   */
  matchesHash(hash: bigint): boolean;
  /** The earliest expiry after `now` among the entries: the matcher is stale from then on. */
  readonly validUntil: Date | null;
}

/** One entry as the matcher reads it: its canonical value and expiry. */
export interface MatcherEntry {
  readonly value: string;
  readonly expiresAt: Date | null;
}

/** The first 8 bytes of SHA-256 of `key_type:value`, signed: the entries' `value_h`. */
export function riskValueHash(keyType: RiskKeyType, value: string): bigint {
  return createHash('sha256').update(`${keyType}:${value}`).digest().readBigInt64BE(0);
}

/** Sorted, non-overlapping ranges: `firsts[i]..lasts[i]`. */
interface Ranges {
  readonly firsts: bigint[];
  readonly lasts: bigint[];
}

function mergedRanges(ranges: { first: bigint; last: bigint }[]): Ranges {
  ranges.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const firsts: bigint[] = [];
  const lasts: bigint[] = [];
  for (const r of ranges) {
    const at = lasts.length - 1;
    if (at >= 0 && r.first <= lasts[at]! + 1n) {
      if (r.last > lasts[at]!) lasts[at] = r.last;
    } else {
      firsts.push(r.first);
      lasts.push(r.last);
    }
  }
  return { firsts, lasts };
}

/** Whether `x` lies in one of the ranges: the last range starting at or before it. */
function inRanges({ firsts, lasts }: Ranges, x: bigint): boolean {
  let [lo, hi] = [0, firsts.length - 1];
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (firsts[mid]! <= x) [found, lo] = [mid, mid + 1];
    else hi = mid - 1;
  }
  return found >= 0 && x <= lasts[found]!;
}

/** How a list of one key type matches a value, and a value's hash. */
interface Matching {
  readonly value: (fact: string) => boolean;
  readonly hash: (hash: bigint) => boolean;
}

/**
 * A set made on first use: a backtest matches by hash, intake by value, and neither needs the
 * other's set (hashing is most of what a list lookup costs: `npm run bench:risk-eval`).
 */
function onFirstUse<T>(make: () => Set<T>): (x: T) => boolean {
  let set: Set<T> | undefined;
  return (x) => (set ??= make()).has(x);
}

function ipMatcher(keyType: RiskKeyType, entries: readonly MatcherEntry[]): Matching {
  const byVersion: Record<IpVersion, { first: bigint; last: bigint }[]> = { 4: [], 6: [] };
  for (const e of entries) {
    const range = parseIpRange(e.value);
    if (typeof range !== 'string') byVersion[range.version].push(rangeBounds(range));
  }
  const ranges = { 4: mergedRanges(byVersion[4]), 6: mergedRanges(byVersion[6]) };
  // Single addresses, not prefixes: a backtest knows a request's address by its hash only.
  const singles = entries.map((e) => e.value).filter((v) => !v.includes('/'));
  return {
    value: (fact) => {
      const address = parseIpAddress(fact.trim());
      return address !== null && inRanges(ranges[address.version], address.value);
    },
    hash: onFirstUse(() => new Set(singles.map((v) => riskValueHash(keyType, v)))),
  };
}

function exactMatcher(keyType: RiskKeyType, entries: readonly MatcherEntry[]): Matching {
  // Entries are canonical (normalised when added), so equal values are equal hashes.
  const values = new Set(entries.map((e) => e.value));
  return {
    value: (fact) => {
      const normal = normalizeRiskValue(keyType, fact);
      return 'value' in normal && values.has(normal.value);
    },
    hash: onFirstUse(() => new Set([...values].map((v) => riskValueHash(keyType, v)))),
  };
}

function orderIdMatcher(keyType: RiskKeyType, entries: readonly MatcherEntry[]): Matching {
  const globs = entries.map((e) => e.value).filter((v) => /[*?]/.test(v));
  const literals = entries.map((e) => e.value).filter((v) => !/[*?]/.test(v));
  const literalValues = new Set(literals);
  return {
    value: (fact) => {
      const orderId = fact.trim();
      if (literalValues.has(orderId)) return true;
      for (const glob of globs) if (globMatches(glob, orderId)) return true;
      return false;
    },
    hash: onFirstUse(() => new Set(literals.map((v) => riskValueHash(keyType, v)))),
  };
}

/** How each key type is matched. */
const MATCHERS: Readonly<
  Record<RiskKeyType, (keyType: RiskKeyType, live: readonly MatcherEntry[]) => Matching>
> = {
  email: exactMatcher,
  customer_id: exactMatcher,
  bank_account: exactMatcher,
  wallet: exactMatcher,
  customer_ip: ipMatcher,
  source_ip: ipMatcher,
  order_id: orderIdMatcher,
};

/** A list's matcher from its unremoved entries, those expired at `now` left out. */
export function buildListMatcher(
  keyType: RiskKeyType,
  entries: readonly MatcherEntry[],
  now = new Date(),
): ListMatcher {
  const live = entries.filter((e) => !e.expiresAt || e.expiresAt > now);
  let soonest = Infinity;
  for (const e of live) if (e.expiresAt) soonest = Math.min(soonest, e.expiresAt.getTime());
  const matching = MATCHERS[keyType](keyType, live);
  return {
    keyType,
    matches: matching.value,
    matchesHash: matching.hash,
    validUntil: soonest === Infinity ? null : new Date(soonest),
  };
}
