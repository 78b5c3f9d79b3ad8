import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE } from '../../src/db/data-dir-lock';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoneySetup } from '../../src/seed/demo-money-setup';
import { startServerProcess } from '../support/server-process';
import { migratedTemplate, testDatabaseKind } from '../support/test-db';
import { startPayinWriter } from './support/payin-writer';

/**
 * `npm run backup` / `npm run restore` of the embedded database: refused while a server holds
 * DATA_DIR (PGlite itself would let a second process open it), and a round trip that brings
 * back the pay-ins, clean books and the files kept beside the database.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// Made by the test itself: a file that is skipped (the PostgreSQL project) leaves nothing behind.
let work = '';
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs a command-line tool of server/src/cli as `npm run` would, on `dataDir`. */
function runCli(tool: 'backup' | 'restore', dataDir: string, args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/src/cli/${tool}.ts`, ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: work } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** A DATA_DIR with the demo accounts, money setup, paid pay-ins and a file beside the database. */
async function makeDataDir(dir: string): Promise<string[]> {
  // A copy of the run's migrated template: migrating an empty folder takes about 25 s.
  const db = await openPglite(dir, await migratedTemplate());
  try {
    await migrate(db);
    await db.transaction(async (tx) => {
      await seedDemoAccounts(tx);
      await seedDemoMoneySetup(tx);
    });
    const writer = await startPayinWriter(db);
    const ids = await writer.writePayins('backed-up', 4);
    await writer.close();
    mkdirSync(path.join(dir, 'evidence'));
    writeFileSync(path.join(dir, 'evidence', 'receipt.txt'), 'kept beside the database');
    return ids;
  } finally {
    await db.close();
  }
}

describe.runIf(testDatabaseKind() === 'pglite')(
  'backup and restore of the embedded database',
  () => {
    it('refuses while a server holds DATA_DIR, then round-trips data, books and files', async () => {
      work = mkdtempSync(path.join(tmpdir(), 'bo-backup-'));
      const source = path.join(work, 'data');
      const ids = await makeDataDir(source);

      const server = await startServerProcess({
        DATA_DIR: source,
        NO_SEED_DEMO: '1',
        NO_MONEY_JOBS: '1',
      });
      try {
        const refused = await runCli('backup', source, ['while-running.tar.gz']);
        expect(refused.code, refused.output).toBe(1);
        expect(refused.output).toContain(`is in use by process ${server.child.pid}`);
        expect(existsSync(path.join(work, 'while-running.tar.gz'))).toBe(false);
        // The same lock keeps any second opener out, which PGlite alone would let in.
        await expect(openPglite(source)).rejects.toBeInstanceOf(DataDirInUseError);
      } finally {
        expect(await server.stop(), server.output()).toBe(0);
      }
      expect(existsSync(path.join(source, LOCK_FILE))).toBe(false);

      // A lock left by a process that has ended (a crash) does not stand in the way.
      writeFileSync(
        path.join(source, LOCK_FILE),
        JSON.stringify({ pid: 2 ** 22 + 1, started: null, host: 'gone', since: '', command: 'x' }),
      );
      const backup = await runCli('backup', source, ['copy.tar.gz']);
      expect(backup.code, backup.output).toBe(0);
      expect(existsSync(path.join(work, 'copy.tar.gz'))).toBe(true);

      const target = path.join(work, 'restored');
      const restore = await runCli('restore', target, ['copy.tar.gz']);
      expect(restore.code, restore.output).toBe(0);
      expect(readFileSync(path.join(target, 'evidence', 'receipt.txt'), 'utf8')).toBe(
        'kept beside the database',
      );
      const db = await openPglite(target);
      try {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM payins ORDER BY id');
        expect(rows.map((r) => r.id)).toEqual([...ids].sort());
        expect(await findLedgerDrift(db)).toEqual([]);
        expect(await migrate(db)).toEqual([]);
      } finally {
        await db.close();
      }

      // A restore never mixes two databases: a folder with anything in it is refused.
      const again = await runCli('restore', target, ['copy.tar.gz']);
      expect(again.code).toBe(1);
      expect(again.output).toContain('is not empty');
    }, 120_000);
  },
);
