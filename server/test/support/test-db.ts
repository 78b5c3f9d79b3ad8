import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';

/** Which database this test run uses: the `server-postgres` project sets TEST_DB=postgres. */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Db> {
  if (testDatabaseKind() === 'pglite') {
    const db = await openPglite(undefined);
    await migrate(db);
    return db;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db);
  return {
    ...db,
    close: async () => {
      await db.close();
      await withAdminClient(adminUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
