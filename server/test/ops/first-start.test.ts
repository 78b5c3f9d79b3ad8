import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openServerDatabase, type ServerDatabase } from '../support/server-database';
import { testDatabaseKind } from '../support/test-db';
import { freePort } from '../support/free-port';

/**
 * Issue 14.10 and 14.11, through the real start scripts (`npm start`, `npm run serve`) and the
 * compiled server: `npm start -- --seed-demo` reaches the server and seeds the demo world on
 * PostgreSQL too; sign-in works while the money history is still being made, with progress
 * lines in the log; a server on a database without an admin says how to create the first one.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const onPostgres = testDatabaseKind() === 'postgres';
let database: ServerDatabase | undefined;

beforeAll(() => {
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);
}, 120_000);
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

/** `npm <args>` in its own process group on a fresh database; lines of its log as they come. */
function startWithNpm(args: string[], env: Record<string, string>, port: number) {
  let output = '';
  const child = spawn('npm', args, {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NO_MONEY_JOBS: '1',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      // A server without the demo world refuses the public default secret.
      SANDBOX_SECRET: 'first-start-sandbox-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    log: () => output,
    /** Resolves once `test` holds, polling; fails with the log after `ms`. */
    async until(test: () => Promise<boolean> | boolean, what: string, ms = 180_000) {
      const deadline = Date.now() + ms;
      while (!(await test())) {
        if (child.exitCode !== null && !(await test()))
          throw new Error(`server exited before ${what}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    /** SIGTERM to the whole group; resolves once every process has let go of the output. */
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await closed;
    },
  };
}

async function signIn(base: string): Promise<number> {
  const form = new FormData();
  form.append('email', 'admin@demo.test');
  form.append('password', 'DemoPass#2026');
  try {
    const response = await fetch(`${base}/controller/admin/login`, { method: 'POST', body: form });
    return ((await response.json()) as { status: number }).status;
  } catch {
    return 0; // not listening yet
  }
}

const readyz = async (base: string) => {
  const response = await fetch(`${base}/readyz`);
  return {
    status: response.status,
    body: (await response.json()) as { checks: Record<string, string> },
  };
};

describe('first start', () => {
  it('without a seed: answers, is ready, and the log says how to create the first admin', async () => {
    database = await openServerDatabase();
    await database.prepare(async () => undefined);
    const server = startWithNpm(
      ['run', 'serve'],
      { ...database.env, NO_SEED_DEMO: '1' },
      await freePort(),
    );
    try {
      await server.until(() => server.log().includes('No admin account yet'), 'first-admin hint');
      expect(server.log()).toContain('npm run admin:create -- --email');
      // On PostgreSQL without autovacuum (this machine's cluster), the log says to turn it on.
      // (The embedded database is the server's alone while it runs: asked on PostgreSQL only.)
      const autovacuumOff =
        onPostgres &&
        (await database.read((db) => db.query<{ autovacuum: string }>('SHOW autovacuum'))).rows[0]
          ?.autovacuum !== 'on';
      expect(server.log().includes("PostgreSQL's autovacuum is off")).toBe(autovacuumOff);
      const ready = await readyz(server.base);
      expect(ready.status).toBe(200);
      expect(ready.body.checks.demoSeed).toBe('not requested');
      expect(await signIn(server.base)).not.toBe(200);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('`npm start -- --seed-demo`: the flag reaches the server, demo sign-in works while the history is made', async () => {
    database = await openServerDatabase();
    await database.prepare(async () => undefined);
    const server = startWithNpm(['start', '--', '--seed-demo'], database.env, await freePort());
    try {
      await server.until(async () => (await signIn(server.base)) === 200, 'demo sign-in');
      await server.until(
        () => /Demo seed: money history day \d+ of 90/.test(server.log()),
        'seed progress line',
      );
      expect(server.log()).not.toContain('No admin account yet');
      const ready = await readyz(server.base);
      // A 90-day history takes minutes: the server is not ready until it is complete.
      if (ready.status === 503)
        expect(ready.body.checks.demoSeed).toMatch(/^running: day \d+ of 90/);
      else expect(ready.body.checks.demoSeed).toBe('ok');
    } finally {
      await server.stop();
    }
    // Stopped between two days; the next start completes the history.
    expect(server.log()).toMatch(/Demo seed paused by shutdown|days of money history ready/);
    if (!onPostgres)
      expect(existsSync(path.join(database.env.DATA_DIR!, 'postmaster.pid'))).toBe(false);
  }, 300_000);

  it.runIf(onPostgres)(
    'on PostgreSQL without --seed-demo: no demo world is made',
    async () => {
      database = await openServerDatabase();
      await database.prepare(async () => undefined);
      const server = startWithNpm(['run', 'serve'], database.env, await freePort());
      try {
        await server.until(() => server.log().includes('No admin account yet'), 'first-admin hint');
        expect(server.log()).not.toContain('Demo seed');
        expect(await signIn(server.base)).not.toBe(200);
      } finally {
        await server.stop();
      }
    },
    240_000,
  );
});
