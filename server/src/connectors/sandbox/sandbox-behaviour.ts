import type { Queryable } from '../../db/db';
import { findSandboxBehaviour, type SandboxBehaviour } from './sandbox.queries';

/**
 * How long a process keeps a sandbox gateway's behaviour before reading it again. Every
 * hand-over asks whether its gateway refuses it; the cache keeps that from being a read per
 * payment. A change made in this process is seen at once (`forgetSandboxBehaviour`); another
 * instance sees it within this time.
 */
export const SANDBOX_BEHAVIOUR_MS = 1_000;

interface Kept {
  readonly until: number;
  readonly behaviour: Promise<SandboxBehaviour>;
}

/** Per database (tests run several apps in one process), per gateway code. */
const keptByDb = new WeakMap<object, Map<string, Kept>>();

/** A sandbox gateway's behaviour, read at most once per `SANDBOX_BEHAVIOUR_MS`. */
export function sandboxBehaviourOf(db: Queryable, code: string): Promise<SandboxBehaviour> {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const now = Date.now();
  const hit = kept.get(code);
  if (hit && hit.until > now) return hit.behaviour;
  const behaviour = findSandboxBehaviour(db, code);
  kept.set(code, { until: now + SANDBOX_BEHAVIOUR_MS, behaviour });
  // A failed read is not kept: the next hand-over reads again.
  behaviour.catch(() => {
    if (kept.get(code)?.behaviour === behaviour) kept.delete(code);
  });
  return behaviour;
}

/** Forgets what this process kept of `db`'s sandbox behaviours (after a change commits). */
export function forgetSandboxBehaviour(db: Queryable): void {
  keptByDb.delete(db);
}
