import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_SANDBOX_SECRET, loadConfig, sandboxSecretRefusal } from '../../src/config/config';
import { registerSandboxGateway } from '../../src/connectors/sandbox/sandbox.routes';
import type { Db } from '../../src/db/db';
import { testDatabaseKind } from '../support/test-db';

/** Issue 39: outside the demo world the sandbox's callback secret is the operator's own. */
const refusalOf = (env: Record<string, string>, argv: string[] = []) =>
  sandboxSecretRefusal(loadConfig(env, argv));

const POSTGRES = 'postgres://app@db.example/bo';
const OWN_SECRET = 'k3Q9v-our-own-secret';

describe('the sandbox secret outside the demo world', () => {
  it('refuses the default (unset or spelled out) and a short secret, naming SANDBOX_SECRET', () => {
    const envs: Record<string, string>[] = [
      { NO_SEED_DEMO: '1' },
      { DATABASE_URL: POSTGRES },
      { NO_SEED_DEMO: '1', SANDBOX_SECRET: DEMO_SANDBOX_SECRET },
      { DATABASE_URL: POSTGRES, SANDBOX_SECRET: '' },
    ];
    for (const env of envs)
      expect(refusalOf(env), JSON.stringify(env)).toMatch(
        /^SANDBOX_SECRET is unset or the public demo secret.*set SANDBOX_SECRET to a random secret of 16 characters or more/,
      );
    expect(refusalOf({ DATABASE_URL: POSTGRES, SANDBOX_SECRET: 'fifteen-chars!!' })).toMatch(
      /^SANDBOX_SECRET is too short \(15 characters\)/,
    );
  });

  it('takes a secret of 16 characters or more, and lets the demo world run on the default', () => {
    expect(refusalOf({ NO_SEED_DEMO: '1', SANDBOX_SECRET: OWN_SECRET })).toBeNull();
    expect(refusalOf({ DATABASE_URL: POSTGRES, SANDBOX_SECRET: 'sixteen-chars!!!' })).toBeNull();
    expect(refusalOf({})).toBeNull();
    expect(refusalOf({ DATABASE_URL: POSTGRES, SEED_DEMO: '1' })).toBeNull();
    expect(refusalOf({ DATABASE_URL: POSTGRES }, ['node', 'main.ts', '--seed-demo'])).toBeNull();
  });

  it('refuses to build an app on it too, whoever builds it (tests, benches)', async () => {
    const app = Fastify();
    // Refused before the database is touched: the sandbox is given none it could reach.
    const noDb = { kind: 'pglite' } as Db;
    await expect(
      registerSandboxGateway(app, noDb, loadConfig({ NO_SEED_DEMO: '1' }, []), () =>
        Promise.resolve('applied'),
      ),
    ).rejects.toThrow(/^SANDBOX_SECRET is unset or the public demo secret/);
    await app.close();
  });

  it('reads the callback window, 300 s by default, at least 1', () => {
    expect(loadConfig({}, []).gatewayCallbackWindowSeconds).toBe(300);
    expect(
      loadConfig({ GATEWAY_CALLBACK_WINDOW_SECONDS: '60' }, []).gatewayCallbackWindowSeconds,
    ).toBe(60);
    expect(() => loadConfig({ GATEWAY_CALLBACK_WINDOW_SECONDS: '0' }, [])).toThrow(
      'GATEWAY_CALLBACK_WINDOW_SECONDS must be at least 1',
    );
  });

  // One process start is enough: the refusal comes before any database is opened.
  it.skipIf(testDatabaseKind() === 'postgres')(
    'stops the server before it opens anything: exit 1, the message naming SANDBOX_SECRET',
    async () => {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'bo-secret-')), 'data');
      try {
        const env: Record<string, string | undefined> = {
          ...process.env,
          DATA_DIR: dataDir,
          NO_SEED_DEMO: '1',
          SANDBOX_SECRET: '',
          DATABASE_URL: '',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        };
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        // A server that starts after all is stopped once the test gives up on it.
        const gaveUp = new Promise<string>((resolve) => {
          const timer = setTimeout(() => resolve('still running after 25 s'), 25_000);
          void exited.then(() => clearTimeout(timer));
        });
        const code = await Promise.race([exited, gaveUp]);
        child.kill('SIGKILL');
        expect(code).toBe(1);
        expect(output).toContain('SANDBOX_SECRET is unset or the public demo secret');
        // Refused before the embedded database was made.
        expect(existsSync(dataDir)).toBe(false);
      } finally {
        rmSync(path.dirname(dataDir), { recursive: true, force: true });
      }
    },
  );
});
