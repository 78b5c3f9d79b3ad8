import type { Timing } from './call-timer';

/** The demo users whose scopes the list benchmarks measure: one of each role. */
export const BENCH_ROLES = [
  { role: 'admin', email: 'admin@demo.test' },
  { role: 'reseller', email: 'reseller@demo.test' },
  { role: 'merchant', email: 'merchant@demo.test' },
  { role: 'sub-account', email: 'sub@demo.test' },
] as const;

/** Prints each case's p50 and p95 against its target, then how many missed it. */
export function printAgainstTarget(
  title: string,
  results: readonly { key: string; timing: Timing; target: number }[],
  log: (line: string) => void,
): void {
  const ms = (v: number) => `${v.toFixed(2).padStart(8)}ms`;
  log(`\n${title.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} target`);
  let missed = 0;
  for (const r of results) {
    const met = r.timing.p95 <= r.target;
    if (!met) missed++;
    log(
      `${r.key.padEnd(46)} ${ms(r.timing.p50)} ${ms(r.timing.p95)} ≤ ${r.target} ms ${met ? 'MET' : 'MISSED'}`,
    );
  }
  log(`${missed ? missed : 'no'} case${missed === 1 ? '' : 's'} missed the target`);
}
