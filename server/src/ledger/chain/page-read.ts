import type { Db } from '../../db/db';

/**
 * One read of a chain walk (a statement's page of links, a segment of `ledger:check`'s), without
 * parallel workers. A page is a short index walk of a few thousand links, but the planner,
 * which costs the whole chain before the limit, starts two workers for each: on two cores that
 * was about 40 % of a page's time (`npm run bench:chain`); a segment's window reads the chain's
 * order from its index, and the check runs segments side by side on their own connections.
 * Each read is its own short transaction, so no snapshot is held through a whole walk.
 */
export function readChainPage<R>(db: Db, text: string, params: readonly unknown[]) {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
    return (await tx.query<R>(text, params)).rows;
  });
}
