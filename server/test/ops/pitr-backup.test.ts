import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoneySetup } from '../../src/seed/demo-money-setup';
import { testDatabaseKind } from '../support/test-db';
import { startPayinWriter } from './support/payin-writer';
import {
  clusterUnavailableReason,
  configureCluster,
  makeClusterRoot,
  type Cluster,
  type ClusterRoot,
} from './support/throwaway-cluster';

/**
 * The PostgreSQL backup of docs/operations.md, run for real: a base backup with WAL archiving
 * on, pay-ins before and after a noted instant, and a point-in-time recovery to that instant in
 * a fresh cluster, which must hold exactly the pay-ins made before it, balanced books, and serve.
 */
const unavailable = clusterUnavailableReason();
const onPostgres = testDatabaseKind() === 'postgres';
let root: ClusterRoot | undefined;
const clusters: Cluster[] = [];
const pools: Db[] = [];

/** Opens a pool on `cluster` that teardown closes (before the cluster is stopped). */
async function connect(cluster: Cluster): Promise<Db> {
  const db = await openPostgres(cluster.url, 4);
  pools.push(db);
  return db;
}

/** Resolves once `test` holds, polling the database (each round is one query, no fixed wait). */
async function until(test: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setImmediate(r));
  }
}

async function one<T>(db: Db, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<{ v: T }>(sql, params);
  return rows[0]!.v;
}

/** Switches to a new WAL segment and resolves once the one just closed is in the archive. */
async function archiveCurrentWal(db: Db, archive: string): Promise<void> {
  const segment = await one<string>(db, 'SELECT pg_walfile_name(pg_switch_wal()) AS v');
  await until(async () => existsSync(path.join(archive, segment)), `archiving ${segment}`);
}

const payinIds = async (db: Db) =>
  (await db.query<{ id: string }>('SELECT id FROM payins ORDER BY id')).rows.map((r) => r.id);

beforeAll(() => {
  if (onPostgres && unavailable) console.warn(`pitr-backup skipped: ${unavailable}`);
});
afterAll(async () => {
  await Promise.allSettled(pools.map((db) => db.close()));
  for (const cluster of clusters) {
    try {
      cluster.stop();
    } catch (error) {
      console.error(error);
    }
  }
  root?.remove();
});

describe.runIf(onPostgres)('point-in-time recovery from a base backup and archived WAL', () => {
  it.skipIf(unavailable !== null)(
    `restores exactly the pay-ins made before the noted time${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const started = Date.now();
      root = makeClusterRoot();
      const archive = root.folder('archive');
      const primaryDir = path.join(root.dir, 'primary');
      root.run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
      // As docs/operations.md: archive every finished WAL segment, never overwriting one.
      const primary = await configureCluster(root, primaryDir, {
        wal_level: 'replica',
        archive_mode: 'on',
        archive_command: `'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
      });
      clusters.push(primary);
      primary.start();
      const db = await connect(primary);
      await migrate(db);
      await db.transaction(async (tx) => {
        await seedDemoAccounts(tx);
        await seedDemoMoneySetup(tx);
      });
      const writer = await startPayinWriter(db);
      await writer.writePayins('before-backup', 3);

      // The base backup: a fast checkpoint (not a spread one), WAL streamed in too.
      const baseDir = root.folder('base');
      root.run('pg_basebackup', [
        ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
        ...['-D', baseDir, '-X', 'stream', '--checkpoint=fast', '--no-sync'],
      ]);

      await writer.writePayins('after-backup', 5);
      const kept = await payinIds(db);
      // The instant to recover to: after every commit so far, by the database's own clock.
      const target = await one<string>(db, 'SELECT clock_timestamp()::text AS v');
      // The clock has microseconds: wait until it is past the target before writing again, so
      // no later commit can carry the target's own timestamp.
      await until(
        async () => one<boolean>(db, 'SELECT clock_timestamp() > $1::timestamptz AS v', [target]),
        'the clock moving past the target',
      );
      const lost = await writer.writePayins('after-target', 4);
      // Recovery must see a commit past the target to stop there: archive through the last one.
      await archiveCurrentWal(db, archive);
      await writer.close();
      expect(kept).toHaveLength(8);
      expect(lost.filter((id) => kept.includes(id))).toEqual([]);

      // Restore: a fresh folder from the base backup, WAL from the archive, up to the target.
      const restoredDir = root.copyFolder(baseDir, 'restored');
      writeFileSync(path.join(restoredDir, 'recovery.signal'), '');
      rmSync(path.join(restoredDir, 'postmaster.pid'), { force: true });
      const restored = await configureCluster(root, restoredDir, {
        archive_mode: 'off',
        restore_command: `'cp ${archive}/%f %p'`,
        recovery_target_time: `'${target}'`,
        recovery_target_action: 'promote',
      });
      clusters.push(restored);
      restored.start();
      const back = await connect(restored);
      await until(
        async () => !(await one<boolean>(back, 'SELECT pg_is_in_recovery() AS v')),
        'the restored cluster being promoted',
      );

      // It stopped at the target, not at the archive's end: the first later commit was there.
      expect(readFileSync(restored.log, 'utf8')).toMatch(/recovery stopping before commit/);
      expect(await payinIds(back)).toEqual(kept);
      expect(await findLedgerDrift(back)).toEqual([]);
      // The product starts on it (migrations already there) and serves a kept pay-in.
      expect(await migrate(back)).toEqual([]);
      const product = await startPayinWriter(back);
      try {
        expect((await product.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        expect((await product.get(`/api/v1/payins/${kept[7]}`)).status).toBe(200);
        expect((await product.get(`/api/v1/payins/${lost[0]}`)).status).toBe(404);
      } finally {
        await product.close();
      }
      console.log(`pitr-backup: ${Date.now() - started} ms`);
    },
    90_000,
  );
});
