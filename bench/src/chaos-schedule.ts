import { seededStream } from '../../server/src/core/seeded-random';

/**
 * The faults the chaos run injects (issue 45; docs/reliability.md), each made by the run's own
 * processes:
 *
 * - `primary_kill`: SIGKILL of the database primary (pg_auto_failover promotes the standby),
 *   then the old primary's keeper runs again and it rejoins as the standby (cluster runs only);
 * - `instance_kill`: SIGKILL of one product instance mid-load, then its restart on the same port;
 * - `db_drop`, `db_stall`, `db_reset`: the TCP proxy between the product and the database cuts
 *   every connection and refuses new ones for a few seconds, passes nothing for a few seconds,
 *   or resets every open connection at once (chaos-db-proxy.ts);
 * - `sql_serialization`, `sql_deadlock`: a share of the statements inside transactions fail
 *   with SQLSTATE 40001 or 40P01 (triggers, chaos-sql-faults.ts);
 * - `callback_twice`, `callback_late`, `callback_early`: the gateway's callbacks are delivered
 *   twice, held back, or sent as soon as the gateway knows the payment (before its start answers);
 * - `notify_500`, `notify_timeout`: the merchants' notification endpoint answers 500, or too late.
 */
export const FAULT_KINDS = [
  'primary_kill',
  'instance_kill',
  'db_drop',
  'db_stall',
  'db_reset',
  'sql_serialization',
  'sql_deadlock',
  'callback_twice',
  'callback_late',
  'callback_early',
  'notify_500',
  'notify_timeout',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One planned fault: when it starts (ms after the window opens), what, and for how long. */
export interface PlannedFault {
  readonly index: number;
  readonly atMs: number;
  readonly kind: FaultKind;
  readonly durationMs: number;
}

export interface FaultPlanOptions {
  readonly seed: number;
  readonly seconds: number;
  readonly count: number;
  /** The kinds to draw from (default all). */
  readonly kinds?: readonly FaultKind[];
  /** Kinds the plan holds at least once each (drawn first, in a seeded order). */
  readonly must?: readonly FaultKind[];
}

/** Kills and resets are one moment; what follows them (a restart, a failover) takes time. */
const isMoment = (kind: FaultKind) =>
  kind === 'primary_kill' || kind === 'instance_kill' || kind === 'db_reset';

/** The longest a fault of the network to the database lasts: a few seconds. */
const LONGEST_DB_FAULT_MS = 8_000;

/**
 * The run's faults, from its seed alone: the window is cut into `count` equal slots and each
 * slot holds one fault, starting in the first quarter of its slot and lasting at most half of
 * it (5 to 15 s; a network fault 3 to 8 s), so no two faults ever overlap and each one's effect can be told apart. The
 * same options give the same plan on every machine.
 */
export function planFaults(options: FaultPlanOptions): PlannedFault[] {
  const kinds = options.kinds ?? FAULT_KINDS;
  if (kinds.length === 0) throw new Error('a chaos plan needs at least one kind of fault');
  const random = seededStream(options.seed, 'schedule');
  const slotMs = (options.seconds * 1000) / options.count;
  if (slotMs < 4_000) throw new Error('a chaos plan needs at least 4 s per fault');
  const must = (options.must ?? []).filter((k) => kinds.includes(k));
  const drawn = Array.from({ length: options.count }, (_, i) =>
    i < must.length ? must[i]! : kinds[Math.floor(random() * kinds.length)]!,
  );
  // A seeded shuffle, so the faults that must be there do not always come first.
  for (let i = drawn.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [drawn[i], drawn[j]] = [drawn[j]!, drawn[i]!];
  }
  return drawn.map((kind, index) => {
    const atMs = Math.round(index * slotMs + random() * slotMs * 0.25);
    const network = kind.startsWith('db_');
    const longest = Math.min(network ? LONGEST_DB_FAULT_MS : 15_000, slotMs / 2);
    const shortest = Math.min(network ? 3_000 : 5_000, longest);
    const durationMs = isMoment(kind) ? 0 : Math.round(shortest + random() * (longest - shortest));
    return { index, atMs, kind, durationMs };
  });
}
