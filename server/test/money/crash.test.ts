import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { signApiRequest } from '../../src/merchant-api/request-signature';
import { signSandbox } from '../../src/connectors/sandbox/sandbox-signature';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoneySetup } from '../../src/seed/demo-money-setup';
import { testDatabaseKind } from '../support/test-db';
import { freePort } from '../support/free-port';

/**
 * Kills the real server (SIGKILL) in the middle of a pay-in load, restarts it, and checks that
 * every request it had accepted is still there and the books check clean. PostgreSQL only:
 * the server runs as a separate process on the same database.
 */
const onPostgres = testDatabaseKind() === 'postgres';
const SANDBOX_SECRET = 'crash-test-sandbox-secret';

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // Load from one key far past the default per-key rate limit (its own test's subject).
      API_RATE_LIMIT_PER_SECOND: '1000000',
      API_RATE_LIMIT_BURST: '1000000',
      NO_MONEY_JOBS: '1',
      SANDBOX_SECRET,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function signedPost(base: string, path: string, body: string, extra: Record<string, string>) {
  const ts = String(Math.floor(Date.now() / 1000));
  const r = await fetch(base + path, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'demo-merchant-key',
      'x-timestamp': ts,
      'x-signature': signApiRequest('demo-merchant-secret', {
        timestamp: ts,
        method: 'POST',
        path,
        idempotencyKey: extra['idempotency-key'] ?? '',
        rawBody: body,
      }),
      ...extra,
    },
  });
  return { status: r.status, text: await r.text() };
}

describe.runIf(onPostgres)('a crash under load', () => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `bo_crash_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    // A copy of the run's migrated template (the server still runs its migrations: none left).
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    await client.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    db = await openPostgres(url);
    await migrate(db);
    await db.transaction(async (tx) => {
      await seedDemoAccounts(tx);
      await seedDemoMoneySetup(tx);
    });
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('loses no accepted request and leaves the books clean', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(url, port);
    const accepted: string[] = [];
    const credited: string[] = [];
    let stop = false;
    const client = async (c: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const body = JSON.stringify({
            amount: `${10 + n}.00`,
            currency: 'THB',
            order_id: `crash-${c}-${n}`,
          });
          const r = await signedPost(base, '/api/v1/payins', body, {
            'idempotency-key': `crash-${c}-${n}`,
          });
          if (r.status !== 201) continue;
          const id = (JSON.parse(r.text) as { id: string }).id;
          accepted.push(id);
          const { rows } = await db.query<{ code: string }>(
            'SELECT g.payment_gateway_code AS code FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = $1',
            [id],
          );
          const event = JSON.stringify({
            event_id: `e-${id}`,
            gateway_code: rows[0]!.code,
            kind: 'payin',
            merchant_ref: id,
            status: 'success',
          });
          const ts = String(Math.floor(Date.now() / 1000));
          const cb = await fetch(`${base}/gateway-callbacks/sandbox`, {
            method: 'POST',
            body: event,
            headers: {
              'content-type': 'application/json',
              'x-sandbox-timestamp': ts,
              'x-sandbox-signature': signSandbox(SANDBOX_SECRET, ts, event),
            },
          });
          if (cb.status === 200 && (await cb.text()).includes('applied')) credited.push(id);
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_v, c) => client(c));
    // Killed mid-load, once enough is accepted and credited (however slow the machine is):
    // the clients' requests under way then meet a dead server.
    const loadedBy = Date.now() + 30_000;
    while ((accepted.length < 20 || credited.length < 5) && Date.now() < loadedBy)
      await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    stop = true;
    await Promise.all(clients);
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    expect(credited.length).toBeGreaterThanOrEqual(5);

    server = await startServer(url, port);
    try {
      const { rows } = await db.query<{ id: string; status: string }>(
        'SELECT id, status FROM payins WHERE id = ANY($1::uuid[])',
        [accepted],
      );
      expect(rows).toHaveLength(accepted.length);
      const status = new Map(rows.map((r) => [r.id, r.status]));
      expect(credited.every((id) => status.get(id) === 'success')).toBe(true);
      expect(await findLedgerDrift(db)).toEqual([]);
      // The restarted server serves on.
      const after = await signedPost(
        base,
        '/api/v1/payins',
        JSON.stringify({ amount: '5.00', currency: 'THB', order_id: 'after-crash' }),
        { 'idempotency-key': 'after-crash' },
      );
      expect(after.status).toBe(201);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 120_000);
});

describe.skipIf(onPostgres)('a crash under load (PGlite)', () => {
  it('runs on PostgreSQL, where the server can be a separate process', () => {
    expect(testDatabaseKind()).toBe('pglite');
  });
});
