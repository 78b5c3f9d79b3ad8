import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { registerMoneyKinds } from '../../src/kind-registry/money-kinds';
import { inject } from 'vitest';
import { migratedTemplate, testDatabaseKind } from './test-db';

/**
 * A database a test prepares (a copy of the run's migrated template), then hands to a server process it starts (`env`), then reads
 * again once the server has stopped: a PGlite folder, or a PostgreSQL database of its own.
 */
export interface ServerDatabase {
  readonly env: Record<string, string>;
  prepare(work: (db: Db) => Promise<void>): Promise<void>;
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function openServerDatabase(): Promise<ServerDatabase> {
  // The ledger checks a test runs on it read the kinds' rollup sources, as the server does.
  registerMoneyKinds();
  let open: () => Promise<Db>;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  /** Makes the database the run's migrated template (`template-database.ts`), before any use. */
  let fromTemplate: () => Promise<void>;
  if (testDatabaseKind() === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bo-server-db-'));
    open = () => openPglite(dir);
    env = { DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
    fromTemplate = async () => (await openPglite(dir, await migratedTemplate())).close();
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `bo_test_${randomBytes(6).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    open = () => openPostgres(url.toString());
    env = { DATABASE_URL: url.toString() };
    drop = () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fromTemplate = async () => {
      await drop();
      await admin(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    };
  }
  const withDb = async <T>(work: (db: Db) => Promise<T>) => {
    const db = await open();
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
  return {
    env,
    // Migrated by copying the run's template (a fresh PGlite folder migrates in about 25 s);
    // the server started on it still runs its migrations, and finds them all applied.
    prepare: async (work) => {
      await fromTemplate();
      await withDb(async (db) => {
        await migrate(db);
        await work(db);
      });
    },
    read: withDb,
    drop,
  };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
