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
  faults.forEach((f, i) => {
    const next = faults[i + 1];
    const until = Math.min(
      closedAt,
      openedAt + f.endedMs + 30_000,
      next ? openedAt + next.startedMs : Infinity,
    );
    const gap = longestPayinGap(records, openedAt + f.startedMs, until);
    log(
      `  ${String(f.index + 1).padStart(2)}. ${f.kind.padEnd(18)} ${s1(f.atMs).padStart(6)} → ${s1(f.startedMs)}–${s1(f.endedMs)}  gap ${s1(gap)} s  ${f.effect}`,
    );
  });
  const byKind = new Map<string, number>();
  for (const f of faults) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  log(`  by kind: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}`);
}

export function printChecks(checks: readonly CheckResult[]) {
  log('\nchecks:');
  for (const c of checks) {
    log(`  ${c.passed ? 'pass' : 'FAIL'}  ${c.name}`);
    for (const d of c.details.slice(0, 8)) log(`          ${d}`);
    if (c.details.length > 8) log(`          … ${c.details.length - 8} more`);
  }
}
