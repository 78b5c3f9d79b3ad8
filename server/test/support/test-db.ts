import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Db } from '../../src/db/db';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { registerMoneyKinds } from '../../src/kind-registry/money-kinds';
import { testCopyPrefix, withAdminClient } from './template-database';

/** Which database this test run uses: the `server-postgres` project sets TEST_DB=postgres. */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A tarball PGlite loads without Blob's own read: Node reads a 46 MB Blob back through a stream
 * of small chunks (about 250 ms a test file); PGlite only asks for `arrayBuffer()`, and a copy
 * of the bytes takes a few milliseconds. Each open gets its own copy.
 */
class BytesBlob extends Blob {
  constructor(private readonly tar: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.tar).buffer);
  }
}

/** The migrated template's tarball, read once per test worker. */
let templateTarball: Promise<Blob> | undefined;

/**
 * The run's migrated PGlite database as a tarball PGlite loads (`loadDataDir`), into memory or
 * into an empty folder (`server-database.ts`).
 */
export function migratedTemplate(): Promise<Blob> {
  templateTarball ??= readFile(inject('templateDatabase')).then((bytes) => new BytesBlob(bytes));
  return templateTarball;
}

/**
 * A fresh, migrated database for one test file, copied from the run's migrated template
 * (`template-database.ts`): in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Db> {
  registerMoneyKinds();
  const template = inject('templateDatabase');
  if (testDatabaseKind() === 'pglite') return openPglite(undefined, await migratedTemplate());
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = await (spareDatabase ?? copyTemplate(adminUrl, template));
  spareDatabase = copyTemplate(adminUrl, template);
  spareDatabase.catch(() => undefined);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    ...db,
    close: async () => {
      await db.close();
      // Dropped while the next file runs: a drop waits for a checkpoint (up to two seconds a
      // file on CI's busy disk). A test that drops a role whose grants are in a test database
      // waits for the drops first (`noDatabaseBeingCopiedOrDropped`); what is left when a
      // worker ends, the run's teardown drops (`template-database.ts`).
      const drop: Promise<unknown> = withAdminClient(adminUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      )
        .catch(() => undefined)
        .finally(() => drops.delete(drop));
      drops.add(drop);
    },
  };
}

/**
 * The database the next test file of this worker opens, copied while this one runs (files of
 * a worker share modules: `isolate: false`). A copy takes about a second on PostgreSQL, mostly
 * waiting for the disk; made ahead, no file waits for it. What a worker leaves, the run's
 * teardown drops (`template-database.ts`: every copy's name starts with the template's).
 */
let spareDatabase: Promise<string> | undefined;

/** The drops of this worker's closed test databases still running. */
const drops = new Set<Promise<unknown>>();

/**
 * Waits until no copy of the template is being made and no closed test database is being
 * dropped. A copy is a transaction of the cluster for as long as it runs, and holds back its
 * oldest running transaction (`pg_snapshot_xmin`): a test of what waits for that horizon (the
 * ledger chain's holes) waits for it first. A test that drops a role waits for the drops: a
 * database being dropped may still hold the role's grants.
 */
export async function noDatabaseBeingCopiedOrDropped(): Promise<void> {
  await spareDatabase?.catch(() => undefined);
  await Promise.all([...drops]);
}

/**
 * A copy of the migrated template, named after it. Its commits do not wait for the disk
 * (`synchronous_commit = off`): a test database is thrown away, and what a commit makes
 * visible, and when, is the same either way; only a crash of the server could lose the last
 * moments of it.
 */
async function copyTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `${testCopyPrefix(template)}${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, async (c) => {
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return name;
}
