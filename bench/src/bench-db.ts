import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { openPglite } from '../../server/src/db/pglite';
import { openPostgres } from '../../server/src/db/postgres';
import { registerMoneyKinds } from '../../server/src/kind-registry/money-kinds';
import { seedDemoAccounts } from '../../server/src/seed/demo-accounts';
import { seedDemoMoneySetup } from '../../server/src/seed/demo-money-setup';

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` on a new client of the database at `url`, closed after. */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `work` on a client of the cluster's admin database (ADMIN_URL), closed after. */
export const admin = <T>(work: (c: pg.Client) => Promise<T>): Promise<T> =>
  withClient(ADMIN_URL, work);

export const BENCH_GATEWAY = 'SBX-THB-1';

/** A database of a run's own and its URL; `drop` removes it. */
export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database (dropped by `drop`) and its URL. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Writes every dirty buffer to disk now, so that a run does not pay for the checkpoint the
 * one before it (or pgbench, or a dropped database) left due.
 */
export async function checkpoint(): Promise<void> {
  await admin((c) => c.query('CHECKPOINT'));
}

/**
 * Analyses the database at `url` when its cluster runs without autovacuum (as this machine's
 * does; a server with PostgreSQL's defaults would have analysed tables this busy by then), so
 * that plans are made from the tables as they are, not as they were when empty. Answers
 * whether it did.
 */
export async function analyzeWithoutAutovacuum(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
    if (rows[0]?.autovacuum === 'on') return false;
    await client.query('ANALYZE');
    return true;
  } finally {
    await client.end();
  }
}

/** A migrated database with the demo accounts, gateways, contracts and API key. */
export async function prepareDatabase(
  kind: 'pglite' | 'postgres',
  url?: string,
  poolSize = 16,
): Promise<Db> {
  registerMoneyKinds();
  const db = kind === 'pglite' ? await openPglite(url) : await openPostgres(url!, poolSize);
  await migrate(db);
  await db.transaction(async (tx) => {
    await seedDemoAccounts(tx);
    await seedDemoMoneySetup(tx);
    // One THB gateway, so a client acting as the gateway knows which one it is.
    await tx.query(
      `UPDATE payment_gateways SET status = 'inactive' WHERE currency = 'THB' AND payment_gateway_code <> $1`,
      [BENCH_GATEWAY],
    );
  });
  return db;
}
