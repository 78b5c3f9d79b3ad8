import type { Db } from './db';

/** Batches in flight per group commit: PGlite runs one transaction at a time anyway. */
export const batchesInFlight = (db: Db) => (db.kind === 'pglite' ? 1 : 3);
