import { PGlite, types } from '@electric-sql/pglite';
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

function wrap(target: PGliteLike): Queryable {
  return {
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(text, [...params], { parsers });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Opens the embedded database: in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = new PGlite(dataDir, { parsers });
  await pg.waitReady;
  const root = wrap(pg);
  return {
    kind: 'pglite',
    ...root,
    transaction: (work) => withRetries(() => pg.transaction((tx) => work(wrap(tx)))),
    close: () => pg.close(),
  };
}
