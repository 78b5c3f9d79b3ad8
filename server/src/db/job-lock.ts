import type { Db } from './db';

/** What `runAlone` answers: the work's value, or that another server process was running it. */
export type AloneOutcome<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/**
 * Runs `work` unless another server process on this database is running the work of the same
 * `lockKey` right now; then it answers `{ ran: false }` at once, without waiting. The one
 * place background jobs are kept from running twice at once (money-wiring/money-jobs.ts).
 *
 * On PostgreSQL a transaction of its own holds `pg_try_advisory_xact_lock(lockKey)` while
 * `work` runs its own short transactions on other connections of the pool: the lock goes with
 * that transaction, so a process that stops or loses its connection lets it go at once, and
 * nothing is ever left locked. The embedded database (PGlite) is opened by one process only,
 * so `work` simply runs (holding a transaction open there would stop `work`'s own queries).
 * `lockKey` is a fixed number no other advisory lock uses.
 */
export function runAlone<T>(db: Db, lockKey: number, work: () => Promise<T>) {
  return holdingLock(db, lockKey, 'skip', work);
}

/**
 * Runs `work` once no other server process is running the work of the same `lockKey`,
 * waiting for it to finish first: for what every process needs done before it goes on, which
 * two must not do at once (the demo world's foundation on a fresh database). As `runAlone`
 * otherwise.
 */
export async function runAfterOthers<T>(db: Db, lockKey: number, work: () => Promise<T>) {
  const outcome = await holdingLock(db, lockKey, 'wait', work);
  if (!outcome.ran) throw new Error(`the advisory lock ${lockKey} was not taken`);
  return outcome.value;
}

async function holdingLock<T>(
  db: Db,
  lockKey: number,
  when: 'skip' | 'wait',
  work: () => Promise<T>,
): Promise<AloneOutcome<T>> {
  if (db.kind === 'pglite') return { ran: true, value: await work() };
  let outcome: { value: T } | { error: unknown } | undefined;
  await db
    .transaction(async (tx) => {
      if (outcome) return; // the lock's own COMMIT was retried: the work is done already
      const { rows } = await tx.query<{ locked: boolean }>(
        when === 'skip'
          ? 'SELECT pg_try_advisory_xact_lock($1::bigint) AS locked'
          : 'SELECT true AS locked FROM pg_advisory_xact_lock($1::bigint)',
        [lockKey],
      );
      if (!rows[0]!.locked) return;
      // The work's failure is carried out of the lock's transaction, so that a retryable one
      // (a deadlock its own transaction gave up on) does not run the whole work again.
      outcome = await work().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    })
    .catch((error: unknown) => {
      if (!outcome) throw error; // the lock could not be taken; with the work done, its answer stands
    });
  if (!outcome) return { ran: false };
  if ('error' in outcome) throw outcome.error;
  return { ran: true, value: outcome.value };
}
