import { PGlite, types } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { withRetries, type Db, type Queryable } from './db';

/**
 * int8 arrives as bigint and numeric as text, never as a lossy number. PGlite applies the
 * constructor's parsers to some types only, so every query passes them (checked by a test).
 */
const parsers = {
  [types.INT8]: (value: string) => BigInt(value),
  [types.NUMERIC]: (value: string) => value,
};

interface PGliteLike {
  query<R>(
    text: string,
    params?: unknown[],
    options?: { parsers: typeof parsers },
  ): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PGliteLike, identity: object, inTransaction = false): Queryable {
  return {
    identity,
    inTransaction,
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(text, [...params], { parsers });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * Settings for the embedded server. PGlite runs PostgreSQL in single-user mode with fsync off,
 * where nothing checkpoints by itself (no checkpointer; max_wal_size is not acted on): the WAL
 * grew by every write until the server stopped, a gigabyte after the demo seed. `keepWalSmall`
 * checkpoints instead, and old WAL files are removed rather than kept for reuse. Full-page images
 * only guard against torn pages on a power loss, which fsync off does not survive anyway; without
 * them the WAL is several times smaller and the demo seed faster.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'full_page_writes=off', '-c', 'wal_recycle=off', '-c', 'wal_init_zero=off'],
];

/** WAL written since the last checkpoint that makes the next one (the PostgreSQL default: 1 GB). */
const CHECKPOINT_AFTER_BYTES = 64 * 1024 * 1024;
const WAL_CHECK_EVERY_MS = 5_000;

/**
 * Checkpoints the embedded database whenever `CHECKPOINT_AFTER_BYTES` of WAL were written since
 * the last one (checked every few seconds, between transactions); returns the stop function.
 */
function keepWalSmall(pg: PGlite): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy || pg.closed) return;
    busy = true;
    pg.query<{ written: string }>(
      `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text AS written
         FROM pg_control_checkpoint()`,
    )
      .then(async ({ rows }) => {
        if (Number(rows[0]?.written ?? 0) >= CHECKPOINT_AFTER_BYTES && !pg.closed)
          await pg.exec('CHECKPOINT');
      })
      .catch(() => undefined) // closing, or a checkpoint the next round retries
      .finally(() => (busy = false));
  }, WAL_CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Opens the embedded database: in `dataDir`, or in memory when `dataDir` is undefined (tests).
 * A folder is locked for this process until `close` (`data-dir-lock.ts`): a second process
 * would open it too and both would write its pages, so it is refused naming the holder.
 * `from` starts an in-memory database as a copy of a `dumpDataDir` tarball, skipping initdb
 * (the tests' migrated template: seconds per test file).
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  // One options object: `new PGlite(undefined, options)` would ignore the options.
  const pg = new PGlite({ dataDir, parsers, startParams: START_PARAMS, loadDataDir: from });
  try {
    await pg.waitReady;
  } catch (error) {
    await unlock();
    throw error;
  }
  const stopWalCheck = dataDir ? keepWalSmall(pg) : () => undefined;
  return asDb(pg, async () => {
    stopWalCheck();
    try {
      await pg.close();
    } finally {
      await unlock();
    }
  });
}

function asDb(pg: PGlite, close: () => Promise<void>): Db {
  return {
    kind: 'pglite',
    ...wrap(pg, pg),
    transaction: (work) => withRetries(() => pg.transaction((tx) => work(wrap(tx, pg, true)))),
    copyFrom: async (target, data) => {
      await pg.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([data]) });
    },
    close,
  };
}

/**
 * A tarball of a new in-memory database once `prepare` has run on it, for `openPglite`'s `from`
 * (the tests migrate one template instead of one database per file).
 */
export async function pgliteSnapshot(prepare: (db: Db) => Promise<void>): Promise<Blob> {
  const pg = new PGlite({ parsers, startParams: START_PARAMS });
  try {
    await prepare(asDb(pg, () => pg.close()));
    // The tarball holds the files only: what is still in shared buffers is written out first.
    await pg.exec('CHECKPOINT');
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
