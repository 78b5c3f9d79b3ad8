import type { CheckResult } from './chaos-checks';
import { longestPayinGap } from './chaos-checks';
import type { FaultDone } from './chaos-faults';
import type { ChaosOp, ChaosRecord } from './chaos-records';

const log = (line = '') => console.log(line);
const s1 = (ms: number) => (ms / 1000).toFixed(1);

/** Writes by op: attempted (first bodies), answered 2xx, retries, changed bodies sent. */
export function printWrites(records: readonly ChaosRecord[]) {
  log('\nwrites (merchant API):');
  for (const op of ['payin', 'payout', 'refund'] as ChaosOp[]) {
    const mine = records.filter((r) => r.op === op);
    const first = mine.filter((r) => r.variant === 'first');
    const writes = new Set(first.map((r) => r.key)).size;
    const ok = new Set(first.filter((r) => r.http >= 200 && r.http < 300).map((r) => r.key)).size;
    const retries = first.filter((r) => r.attempt > 1).length;
    const changed = new Set(mine.filter((r) => r.variant === 'changed').map((r) => r.key)).size;
    log(
      `  ${op.padEnd(7)} ${String(writes).padStart(6)} sent, ${String(ok).padStart(6)} answered 2xx, ${String(retries).padStart(5)} retries, ${changed} changed bodies sent again`,
    );
  }
  const answers = new Map<string, number>();
  for (const r of records.filter((r) => r.http === 0 || r.http >= 400)) {
    const what = `${r.op} ${r.http || ''} ${r.code ?? r.failure ?? ''}`.replace(/\s+/g, ' ');
    answers.set(what, (answers.get(what) ?? 0) + 1);
  }
  for (const [what, n] of [...answers].sort((a, b) => b[1] - a[1]))
    log(`    ${String(n).padStart(6)}  ${what}`);
}

/** Each fault with its planned and actual times, its effect, and the pay-in gap around it. */
export function printFaults(
  faults: readonly FaultDone[],
  records: readonly ChaosRecord[],
  openedAt: number,
  closedAt: number,
) {
  log(
    '\nfaults (planned s → began–ended s; the longest time no pay-in was answered 2xx, from its start to 30 s after its end or the next fault):',
  );
  const gaps = faults.map((f, i) => {
    const next = faults[i + 1];
    const until = Math.min(
      closedAt,
      openedAt + f.endedMs + 30_000,
      next ? openedAt + next.startedMs : Infinity,
    );
    return longestPayinGap(records, openedAt + f.startedMs, until);
  });
  faults.forEach((f, i) => {
    const gap = gaps[i]!;
    log(
      `  ${String(f.index + 1).padStart(2)}. ${f.kind.padEnd(18)} ${s1(f.atMs).padStart(6)} → ${s1(f.startedMs)}–${s1(f.endedMs)}  gap ${s1(gap)} s  ${f.effect}`,
    );
  });
  const byKind = new Map<string, { n: number; longest: number }>();
  faults.forEach((f, i) => {
    const kind = byKind.get(f.kind) ?? { n: 0, longest: 0 };
    byKind.set(f.kind, { n: kind.n + 1, longest: Math.max(kind.longest, gaps[i]!) });
  });
  log(`  by kind: ${[...byKind].map(([k, { n }]) => `${k} ${n}`).join(', ')}`);
  log(
    `  longest time without a 2xx pay-in, by kind: ${[...byKind].map(([k, { longest }]) => `${k} ${s1(longest)} s`).join(', ')}`,
  );
}

/**
 * The run's bottom line: the writes answered 2xx, how many of them the database holds as
 * answered (found) and how many not (lost), and the resources made twice (duplicates: a key
 * answered two ids, an order id with two rows), from the checks that count them.
 */
export function printBottomLine(
  answered: number,
  kept: CheckResult,
  duplicates: readonly CheckResult[],
) {
  const lost = kept.details.length;
  const doubled = duplicates.reduce((n, c) => n + c.details.length, 0);
  log(
    `
writes answered 2xx: ${answered}, found as answered: ${answered - lost}, lost: ${lost} (must be 0), duplicates: ${doubled} (must be 0)`,
  );
}

export function printChecks(checks: readonly CheckResult[]) {
  log('\nchecks:');
  for (const c of checks) {
    log(`  ${c.passed ? 'pass' : 'FAIL'}  ${c.name}`);
    for (const d of c.details.slice(0, 8)) log(`          ${d}`);
    if (c.details.length > 8) log(`          … ${c.details.length - 8} more`);
  }
}
