import type { Queryable } from '../../server/src/db/db';
import type { ChaosCourier } from './chaos-courier';
import type { DbProxy } from './chaos-db-proxy';
import type { ChaosFleet } from './chaos-instance';
import type { ChaosNotifySink } from './chaos-notify-sink';
import type { FaultKind, PlannedFault } from './chaos-schedule';
import { setSqlFaults } from './chaos-sql-faults';
import type { FailoverCluster } from './failover-cluster';

/** One fault as it happened: its plan, when it really began and ended (ms after the window opened). */
export interface FaultDone extends PlannedFault {
  readonly startedMs: number;
  readonly endedMs: number;
  /** What it did, in words (an instance kill: how long the product was away). */
  readonly effect: string;
}

export interface FaultTargets {
  /** The run's own connection to the database (the SQL faults' knob). */
  readonly db: Queryable;
  /** The proxies between the product and the database (the network faults). */
  readonly proxies: readonly DbProxy[];
  /** The failover cluster, when the run has one (primary kills). */
  readonly cluster: FailoverCluster | null;
  readonly fleet: ChaosFleet;
  readonly courier: ChaosCourier;
  readonly sink: ChaosNotifySink;
}

/** One statement in this many, inside transactions, fails during a SQL fault. */
const SQL_FAULT_EVERY = 7;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** What a started fault did, and what ends it (answering what the ending did, if it says). */
interface Begun {
  readonly effect: string;
  readonly end: () => Promise<string | void>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Kills the primary; answers once the standby takes writes (the failover), and ends when the
 * old primary has rejoined as the new standby, so that the next kill has a standby to promote.
 */
async function killPrimary(cluster: FailoverCluster): Promise<Begun> {
  const old = await cluster.primaryPort();
  if (old === null) return { effect: 'no primary to kill', end: async () => undefined };
  const killed = Date.now();
  cluster.killNode(old);
  let promoted: number | null = null;
  while (Date.now() - killed < 120_000) {
    promoted = await cluster.primaryPort();
    if (promoted !== null && promoted !== old) break;
    await sleep(200);
  }
  const failoverMs = Date.now() - killed;
  return {
    effect: `primary ${old} killed; ${promoted ?? 'no node'} took writes after ${seconds(failoverMs)}`,
    end: async () => {
      const restarted = Date.now();
      await cluster.restartNode(old);
      return `${old} rejoined as standby after ${seconds(Date.now() - restarted)}`;
    },
  };
}

/** Starts a fault; answers what ends it (after its duration) and what it did. */
async function begin(kind: FaultKind, t: FaultTargets): Promise<Begun> {
  switch (kind) {
    case 'primary_kill':
      if (!t.cluster) throw new Error('a primary kill needs a failover cluster (CHAOS_CLUSTER=1)');
      return killPrimary(t.cluster);
    case 'db_drop':
    case 'db_stall':
    case 'db_reset': {
      const fault = kind === 'db_drop' ? 'drop' : kind === 'db_stall' ? 'stall' : 'reset';
      const hit = t.proxies.reduce((sum, proxy) => sum + proxy.fail(fault), 0);
      return {
        effect: `${fault} of ${hit} open connection(s) to the database`,
        end: async () => t.proxies.forEach((proxy) => proxy.heal()),
      };
    }
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
      await setSqlFaults(t.db, SQL_FAULT_EVERY, code);
      return {
        end: () => setSqlFaults(t.db, 0),
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
    const begun = await begin(fault.kind, t);
    await sleep(fault.durationMs);
    const ending = await begun.end();
    const effect = ending ? `${begun.effect}; ${ending}` : begun.effect;
    const endedMs = Date.now() - opened;
    log(`  ${(endedMs / 1000).toFixed(1).padStart(6)} s  fault ${fault.index + 1} over: ${effect}`);
    done.push({ ...fault, startedMs, endedMs, effect });
  }
  return done;
}
