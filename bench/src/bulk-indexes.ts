import type { Queryable } from '../../server/src/db/db';

/**
 * Bulk loads of millions of rows go many times faster into tables without indexes: every
 * random key (uuid ids, order ids) costs a random B-tree page per row once the index outgrows
 * the cache. The world builders drop them, load, and build them again as the migrations made
 * them, from sorted data (which leaves them denser than years of appends would).
 */
export interface IndexRebuild {
  /** Statements that drop the indexes and keys, in a safe order. */
  readonly drop: readonly string[];
  /** Statements that build them again as they were. */
  readonly create: readonly string[];
}

/**
 * The secondary indexes of `tables`, the primary and unique keys of `keyed` (a subset) and the
 * foreign keys referring to those: how to drop them and how to build them again.
 */
export async function indexesOf(
  db: Queryable,
  tables: readonly string[],
  keyed: readonly string[],
): Promise<IndexRebuild> {
  const constraint = `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def
                        FROM pg_constraint`;
  const { rows: foreign } = await db.query<{ tbl: string; name: string; def: string }>(
    `${constraint} WHERE contype = 'f' AND confrelid::regclass::text = ANY($1::text[])`,
    [keyed],
  );
  const { rows: keys } = await db.query<{ tbl: string; name: string; def: string }>(
    `${constraint} WHERE contype IN ('p', 'u') AND conrelid::regclass::text = ANY($1::text[])
      ORDER BY contype, conname`,
    [keyed],
  );
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      ORDER BY i.indexname`,
    [tables],
  );
  return {
    drop: [
      ...foreign.map((f) => `ALTER TABLE ${f.tbl} DROP CONSTRAINT ${f.name}`),
      ...keys.map((k) => `ALTER TABLE ${k.tbl} DROP CONSTRAINT ${k.name}`),
      ...indexes.map((i) => `DROP INDEX ${i.name}`),
    ],
    create: [
      ...keys.map((k) => `ALTER TABLE ${k.tbl} ADD CONSTRAINT ${k.name} ${k.def}`),
      ...indexes.map((i) => i.def),
      ...foreign.map((f) => `ALTER TABLE ${f.tbl} ADD CONSTRAINT ${f.name} ${f.def}`),
    ],
  };
}

/** Session settings for bulk statements (run inside a transaction: they end with it). */
export const BULK_SETTINGS = `SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '1GB';
  SET LOCAL synchronize_seqscans = off;`;

/** Runs the statements in one transaction with the bulk settings. */
export async function runBulk(
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> },
  statements: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(BULK_SETTINGS);
    for (const sql of statements) await tx.exec(sql);
  });
}
