import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { openDatabase } from '../../src/db/open';
import { openPglite } from '../../src/db/pglite';
import { TEST_SANDBOX_SECRET } from '../support/test-app';
import { migratedTemplate, testDatabaseKind } from '../support/test-db';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run admin:create`'s script (`tsx src/cli/create-admin.ts`) with the given
 * environment, in one process: tsx as a loader, without npx finding it first.
 */
async function createAdmin(args: string[], env: Record<string, string>) {
  try {
    const script = ['--import', 'tsx', 'src/cli/create-admin.ts', ...args];
    const { stdout } = await run(process.execPath, script, {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

// The command runs on DATA_DIR whatever TEST_DB says: once, in the PGlite project.
describe.runIf(testDatabaseKind() === 'pglite')('admin:create on the embedded database', () => {
  let dataDir: string;

  // The run's migrated template, as a folder (a new one's initdb and migrations took 30 s and
  // more in CI; the browser suite's seed starts the server on an empty folder every run).
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bo-admin-'));
    await (await openPglite(dataDir, await migratedTemplate())).close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a password that fails the policy', async () => {
    const result = await createAdmin(['--email', 'ops@example.test', '--username', 'ops'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'weak',
    });
    expect(result.code).toBe(1);
    expect(result.out).toContain('Password needs at least 10 characters');
  });

  it('needs an email and a username', async () => {
    const result = await createAdmin([], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Strong#Pass2026' });
    expect(result.code).toBe(1);
    expect(result.out).toContain('Usage: npm run admin:create');
  });

  it('creates an admin who can sign in, on a database with no demo world', async () => {
    const result = await createAdmin(
      ['--email', 'Ops@Example.test', '--username', 'ops', '--name', 'Operations'],
      {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'Strong#Pass2026',
      },
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /Admin ops \(ops@example\.test\) created with code ADM[0-9A-F]{8}\./,
    );

    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NO_SEED_DEMO: '1',
        SANDBOX_SECRET: TEST_SANDBOX_SECRET,
      },
      [],
    );
    const db = await openDatabase(config);
    const app = await buildApp(db, config);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/controller/admin/login',
        payload: { email: 'ops@example.test', password: 'Strong#Pass2026' },
      });
      expect(response.json()).toMatchObject({
        status: 200,
        data: { account_type: 'admin', username: 'ops' },
      });
      expect(response.json().data.modules).toHaveLength(11);
      const demo = await db.query<{ n: bigint }>(
        'SELECT count(*) AS n FROM accounts WHERE is_demo',
      );
      expect(demo.rows[0]!.n).toBe(0n);
    } finally {
      await app.close();
      await db.close();
    }
  }, 120_000);

  it('refuses a second admin with the same email', async () => {
    const result = await createAdmin(['--email', 'ops@example.test', '--username', 'ops2'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Strong#Pass2026',
    });
    expect(result.code).toBe(1);
    expect(result.out).toContain('An account with this email exists already');
  });
});
