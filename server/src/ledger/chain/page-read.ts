import type { Db } from '../../db/db';

/**
 * One page of a chain walk (`ledger:check`'s links, a statement's links), read without
 * parallel workers. A page is a short index walk of a few thousand links, but the planner,
 * which costs the whole chain before the limit, starts two workers for each: on two cores that
 * was about 40 % of a page's time (`npm run bench:chain`). Each page is its own short
 * transaction, so no snapshot is held through a whole walk.
 */
export function readChainPage<R>(db: Db, text: string, params: readonly unknown[]) {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
    return (await tx.query<R>(text, params)).rows;
  });
}
