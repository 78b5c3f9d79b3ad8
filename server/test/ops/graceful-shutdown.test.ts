import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signApiRequest } from '../../src/merchant-api/request-signature';
import type { Db } from '../../src/db/db';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { DEMO_API_KEY, seedDemoMoneySetup } from '../../src/seed/demo-money-setup';
import { openServerDatabase, type ServerDatabase } from '../support/server-database';
import { freePort } from '../support/free-port';

/**
 * SIGTERM while pay-ins stream in over HTTP: the server stops taking requests, finishes the
 * ones it has, and exits; every pay-in it answered 2xx exists, the books balance, and a
 * restart delivers the notifications the first run left queued.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let database: ServerDatabase;
let receiver: Server;
let receiverUrl = '';
const delivered = new Set<string>();

beforeAll(async () => {
  database = await openServerDatabase();
  await database.prepare(async (db: Db) => {
    await db.transaction(async (tx) => {
      await seedDemoAccounts(tx);
      await seedDemoMoneySetup(tx);
    });
  });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as { id?: string; payin_id?: string };
      delivered.add(String(payload.payin_id ?? payload.id));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
}, 120_000);
afterAll(async () => {
  receiver?.close();
  await database?.drop();
});

/** Starts `server/src/main.ts` on the prepared database; resolves once it answers. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    // One process (tsx as a loader, not its CLI, which would stand between us and the server).
    ['--import', 'tsx', 'server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...database.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // Load from one key far past the default per-key rate limit (its own test's subject).
        API_RATE_LIMIT_PER_SECOND: '1000000',
        API_RATE_LIMIT_BURST: '1000000',
        NO_SEED_DEMO: '1',
        // A server without the demo world refuses the public default secret.
        SANDBOX_SECRET: 'graceful-shutdown-sandbox-secret',
        // The notification receiver is local (http on 127.0.0.1).
        NOTIFY_ALLOW_LOCAL: '1',
        WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
        SANDBOX_LATENCY_MS: '0',
        SANDBOX_DUPLICATE_PPM: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    const up = await fetch(`${base}/api/v1/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** One signed pay-in; its id when answered 2xx, null when refused or not answered. */
async function createPayin(base: string, orderId: string): Promise<string | null> {
  const body = JSON.stringify({
    amount: '125.00',
    currency: 'THB',
    order_id: orderId,
    notify_url: receiverUrl,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const response = await fetch(`${base}/api/v1/payins`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': DEMO_API_KEY.keyId,
        'x-timestamp': timestamp,
        'x-signature': signApiRequest(DEMO_API_KEY.secret, {
          timestamp,
          method: 'POST',
          path: '/api/v1/payins',
          idempotencyKey: orderId,
          rawBody: body,
        }),
        'idempotency-key': orderId,
      },
      body,
    });
    if (response.status >= 300) return null;
    return ((await response.json()) as { id: string }).id;
  } catch {
    return null; // refused: the server had stopped listening
  }
}

describe('graceful shutdown', () => {
  it('keeps every answered pay-in, balances its books and delivers what was queued after a restart', async () => {
    // First run: pay-ins complete at once in the sandbox; notifications queue, undelivered.
    const first = await startServer({ NO_MONEY_JOBS: '1', SANDBOX_AUTO_PAY: '1' });
    const answered: string[] = [];
    let stopAsked = false;
    const worker = async (w: number) => {
      for (let i = 0; !stopAsked || i % 5 !== 0; i++) {
        const id = await createPayin(first.base, `shutdown-${w}-${i}`);
        if (id) answered.push(id);
        else if (stopAsked) return;
      }
    };
    const exited = exitOf(first.child);
    const workers = [0, 1, 2, 3, 4, 5].map(worker);
    while (answered.length < 40) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    stopAsked = true;
    expect(await exited, first.output()).toBe(0);
    await Promise.all(workers);
    expect(answered.length).toBeGreaterThanOrEqual(40);

    const queued = await database.read(async (db) => {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM payins WHERE id = ANY($1)', [
        answered,
      ]);
      expect(rows.map((r) => r.id).sort()).toEqual([...answered].sort());
      expect(await findLedgerDrift(db)).toEqual([]);
      const pending = await db.query<{ ref_id: string }>(
        `SELECT ref_id FROM merchant_notifications WHERE status = 'pending'`,
      );
      return pending.rows.map((r) => r.ref_id);
    });
    expect(queued.length).toBeGreaterThan(0);

    // Second run, jobs on: the queue left behind is delivered.
    const second = await startServer({});
    const deadline = Date.now() + 60_000;
    while (queued.some((id) => !delivered.has(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(queued.filter((id) => !delivered.has(id))).toEqual([]);
    const secondExit = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await secondExit, second.output()).toBe(0);
    await database.read(async (db) => expect(await findLedgerDrift(db)).toEqual([]));
  }, 240_000);

  it('exits anyway once its grace period is over, when a request never finishes', async () => {
    const server = await startServer({ NO_MONEY_JOBS: '1', SHUTDOWN_GRACE_SECONDS: '1' });
    const { port } = new URL(server.base);
    // A client that stalls mid-body: its request stays under way until the socket times out.
    const stalled = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', resolve));
    stalled.on('error', () => undefined);
    const headersRead = new Promise<void>((resolve) => stalled.once('data', () => resolve()));
    stalled.write(
      'POST /controller/admin/login HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    // The server's "100 Continue" says the request is in: now it is waiting for the body.
    await headersRead;
    stalled.write('{"email":');
    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    expect(await exited, server.output()).toBe(1);
    expect(server.output()).toContain('Shutdown took over 1 s (SHUTDOWN_GRACE_SECONDS)');
    stalled.destroy();
  }, 120_000);
});
