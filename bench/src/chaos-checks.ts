import type { ChaosOp, ChaosRecord } from './chaos-records';

/** One of the run's checks: passed or not, with what failed (the first lines of it). */
export interface CheckResult {
  readonly name: string;
  readonly passed: boolean;
  readonly details: readonly string[];
}

export const checkOf = (name: string, failures: readonly string[]): CheckResult => ({
  name,
  passed: failures.length === 0,
  details: failures,
});

const is2xx = (r: Pick<ChaosRecord, 'http'>) => r.http >= 200 && r.http < 300;
const writeKey = (r: ChaosRecord) => `${r.op}|${r.merchant}|${r.key}|${r.variant}`;

/** Each write's attempts, in the order sent (one write: one op, merchant, key and variant). */
export function attemptsByWrite(records: readonly ChaosRecord[]): Map<string, ChaosRecord[]> {
  const writes = new Map<string, ChaosRecord[]>();
  for (const r of records) {
    const list = writes.get(writeKey(r)) ?? [];
    list.push(r);
    writes.set(writeKey(r), list);
  }
  for (const list of writes.values()) list.sort((a, b) => a.attempt - b.attempt);
  return writes;
}

/** The last answer of every write. */
export const lastAnswers = (records: readonly ChaosRecord[]) =>
  [...attemptsByWrite(records).values()].map((list) => list[list.length - 1]!);

/** The writes answered 2xx (their first body), by op: what the databases must hold as answered. */
export function acknowledged(records: readonly ChaosRecord[]): Map<ChaosOp, ChaosRecord[]> {
  const byOp = new Map<ChaosOp, ChaosRecord[]>();
  for (const r of lastAnswers(records)) {
    if (r.variant !== 'first' || !is2xx(r) || !r.id) continue;
    byOp.set(r.op, [...(byOp.get(r.op) ?? []), r]);
  }
  return byOp;
}

/** Check 2, the clients' half: no key was answered with two different ids. */
export function oneIdPerKey(records: readonly ChaosRecord[]): CheckResult {
  const ids = new Map<string, Set<string>>();
  for (const r of records) {
    if (!is2xx(r) || !r.id) continue;
    const key = `${r.op}|${r.merchant}|${r.key}`;
    ids.set(key, (ids.get(key) ?? new Set()).add(r.id));
  }
  const failures = [...ids]
    .filter(([, set]) => set.size > 1)
    .map(([key, set]) => `${key} answered ${[...set].join(' and ')}`);
  return checkOf('no idempotency key produced two resources (answers)', failures);
}

/** Check 3, the clients' half: every changed body under a used key was refused as a reused key. */
export function changedBodiesRefused(records: readonly ChaosRecord[]): CheckResult {
  const failures = lastAnswers(records)
    .filter((r) => r.variant === 'changed')
    .filter((r) => !(r.http === 409 && r.code === 'idempotency_key_reused'))
    .map((r) => `${r.op} ${r.key}: a changed body was answered ${r.http} ${r.code ?? ''}`.trim());
  return checkOf('every reuse of a key with a changed body was refused (409)', failures);
}

/**
 * Check 7: no request hung past the client's timeout, every 5xx was a 503 with `Retry-After`
 * or a try of a write that later succeeded, and every write (its first body) ended answered
 * 2xx: a client that retries as told never loses a write, nor gets a refusal for a request
 * that an interrupted try of its own had taken (a 401 replay, a 409 used order id).
 */
export function answeredHonestly(records: readonly ChaosRecord[]): CheckResult {
  const failures: string[] = [];
  for (const attempts of attemptsByWrite(records).values()) {
    const last = attempts[attempts.length - 1]!;
    const label = `${last.op} ${last.key}`;
    // A changed body ends well refused as a reused key (check 3 judges which answer it got).
    const endedWell = is2xx(last) || (last.variant === 'changed' && last.http === 409);
    for (const r of attempts) {
      if (r.timedOut) failures.push(`${label}: try ${r.attempt} had no answer in 30 s`);
      if (r.http >= 500 && !(r.http === 503 && r.retryAfter) && !endedWell)
        failures.push(
          `${label}: try ${r.attempt} answered ${r.http} ${r.code ?? ''} and no try succeeded`,
        );
    }
    if (last.variant === 'first' && !is2xx(last))
      failures.push(
        `${label}: ended ${last.http} ${last.code ?? last.failure ?? ''} after ${attempts.length} tries`,
      );
  }
  return checkOf('no request hung, every 5xx was honest, every write ended 2xx', failures);
}

/** The longest time with no pay-in answered 2xx, from `fromMs` to `toMs` (epoch ms). */
export function longestPayinGap(
  records: readonly ChaosRecord[],
  fromMs: number,
  toMs: number,
): number {
  const times = records
    .filter((r) => r.op === 'payin' && r.variant === 'first' && is2xx(r))
    .map((r) => r.answeredAt)
    .sort((a, b) => a - b);
  let last = fromMs;
  let longest = 0;
  for (const t of times) {
    if (t < fromMs) continue;
    if (t > toMs) break;
    longest = Math.max(longest, t - last);
    last = t;
  }
  return Math.max(longest, toMs - last);
}
