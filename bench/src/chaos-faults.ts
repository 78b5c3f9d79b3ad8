import type { ChaosCourier } from './chaos-courier';
import type { ChaosFleet } from './chaos-instance';
import type { ChaosNotifySink } from './chaos-notify-sink';
import type { FaultKind, PlannedFault } from './chaos-schedule';
import { setSqlFaults } from './chaos-sql-faults';

/** One fault as it happened: its plan, when it really began and ended (ms after the window opened). */
export interface FaultDone extends PlannedFault {
  readonly startedMs: number;
  readonly endedMs: number;
  /** What it did, in words (an instance kill: how long the product was away). */
  readonly effect: string;
}

export interface FaultTargets {
  readonly url: string;
  readonly fleet: ChaosFleet;
  readonly courier: ChaosCourier;
  readonly sink: ChaosNotifySink;
}

/** One statement in this many, inside transactions, fails during a SQL fault. */
const SQL_FAULT_EVERY = 7;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a fault; answers what ends it (after its duration) and what it did. */
async function begin(
  kind: FaultKind,
  t: FaultTargets,
): Promise<{ end: () => Promise<void>; effect: string }> {
  switch (kind) {
    case 'instance_kill': {
      const { port, awayMs } = await t.fleet.killNext();
      return {
        end: async () => undefined,
        effect: `the instance on ${port} away ${(awayMs / 1000).toFixed(1)} s`,
      };
    }
    case 'sql_serialization':
    case 'sql_deadlock': {
      const code = kind === 'sql_serialization' ? '40001' : '40P01';
      await setSqlFaults(t.url, SQL_FAULT_EVERY, code);
      return {
        end: () => setSqlFaults(t.url, 0),
        effect: `one write statement in ${SQL_FAULT_EVERY} inside transactions failed with ${code}`,
      };
    }
    case 'callback_twice':
    case 'callback_late':
    case 'callback_early':
      t.courier.setFault(kind);
      return {
        end: () => Promise.resolve(t.courier.setFault(null)),
        effect: 'callbacks scheduled meanwhile',
      };
    case 'notify_500':
    case 'notify_timeout':
      t.sink.setMode(kind === 'notify_500' ? '500' : 'timeout');
      return {
        end: () => Promise.resolve(void t.sink.setMode('ok')),
        effect: 'notifications delivered meanwhile',
      };
  }
}

/**
 * Runs the plan against the run's parts: each fault at its time, for its duration, then
 * undone; prints each as it begins and ends. Answers what happened.
 */
export async function runFaults(
  plan: readonly PlannedFault[],
  t: FaultTargets,
  log: (line: string) => void,
): Promise<FaultDone[]> {
  const opened = Date.now();
  const done: FaultDone[] = [];
  for (const fault of plan) {
    await sleep(opened + fault.atMs - Date.now());
    const startedMs = Date.now() - opened;
    log(
      `  ${(startedMs / 1000).toFixed(1).padStart(6)} s  fault ${fault.index + 1}: ${fault.kind}`,
    );
    const { end, effect } = await begin(fault.kind, t);
    await sleep(fault.durationMs);
    await end();
    const endedMs = Date.now() - opened;
    log(`  ${(endedMs / 1000).toFixed(1).padStart(6)} s  fault ${fault.index + 1} over: ${effect}`);
    done.push({ ...fault, startedMs, endedMs, effect });
  }
  return done;
}
