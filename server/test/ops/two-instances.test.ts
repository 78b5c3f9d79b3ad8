import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { signApiRequest } from '../../src/merchant-api/request-signature';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { DEMO_API_KEY, seedDemoMoneySetup } from '../../src/seed/demo-money-setup';
import { openServerDatabase, type ServerDatabase } from '../support/server-database';
import { errorLines, startServerProcess, type ServerProcess } from '../support/server-process';
import { DEMO_PASSWORD } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer
 * (docs/operations.md): pay-ins sent to both in turn while both run their background jobs;
 * every answered pay-in exists, every notification arrives (at least once), no job fails,
 * the books balance; a session or a replay crosses from one to the other. Instance B reads
 * lists from a "replica" (DATABASE_READ_URL on a read-only role). PGlite is one process only.
 */
const onPostgres = testDatabaseKind() === 'postgres';

const PAYINS = 240;
const WORKERS = 8;

let database: ServerDatabase;
let a: ServerProcess;
let b: ServerProcess;
let receiver: Server;
let receiverUrl = '';
const readerRole = `bo_reader_${randomBytes(4).toString('hex')}`;
/** Each notification received, by its event (`type:id:status`), with how many times. */
const received = new Map<string, number>();

async function asAdmin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Polls `done` until it holds or `ms` pass; answers whether it held. */
async function waitFor(done: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return done();
}

/** A signed merchant API request's headers (each signature may be used once). */
function signedHeaders(
  method: 'GET' | 'POST',
  path: string,
  body: string,
  key = '',
  seconds = Math.floor(Date.now() / 1000),
) {
  const timestamp = String(seconds);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-api-key': DEMO_API_KEY.keyId,
    'x-timestamp': timestamp,
    'x-signature': signApiRequest(DEMO_API_KEY.secret, {
      timestamp,
      method,
      path,
      idempotencyKey: key,
      rawBody: body,
    }),
  };
  if (key) headers['idempotency-key'] = key;
  return headers;
}

/** A pay-in's request: its body and signed headers, to send as they are (once or twice). */
function payinRequest(orderId: string, amount: string, seconds?: number) {
  const body = JSON.stringify({
    amount,
    currency: 'THB',
    order_id: orderId,
    notify_url: receiverUrl,
  });
  return { body, headers: signedHeaders('POST', '/api/v1/payins', body, orderId, seconds) };
}

const post = (
  base: string,
  path: string,
  request: { body: string; headers: Record<string, string> },
) => fetch(`${base}${path}`, { method: 'POST', ...request });

/** A back-office call on one instance. */
async function call(base: string, name: string, fields: Record<string, string>) {
  const response = await fetch(`${base}/controller/admin/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return (await response.json()) as { status: number; message: string; data: never };
}

const read = <T>(work: (db: Db) => Promise<T>) => database.read(work);

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openServerDatabase();
  // The demo world with two days of history (closed report buckets, credits and rollups for
  // the jobs to fold), made here: the servers find it made and seed nothing more.
  await database.prepare(async (db) => {
    await db.transaction(async (tx) => {
      await seedDemoAccounts(tx);
      await seedDemoMoneySetup(tx);
    });
    await seedDemoMoney(db, { days: 2, payinsPerDay: 100 });
  });
  await asAdmin(`CREATE ROLE ${readerRole} LOGIN`);
  await asAdmin(`ALTER ROLE ${readerRole} SET default_transaction_read_only = on`);
  await read((db) => db.exec(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${readerRole}`));
  const readUrl = new URL(database.env.DATABASE_URL!);
  readUrl.username = readerRole;

  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const p = JSON.parse(body) as { type: string; id: string; status: string };
      const event = `${p.type}:${p.id}:${p.status}`;
      received.set(event, (received.get(event) ?? 0) + 1);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;

  // The demo/sandbox world (SEED_DEMO): notify URLs may be plain http on this machine.
  const env = {
    ...database.env,
    SEED_DEMO: '1',
    SANDBOX_LATENCY_MS: '0',
    SANDBOX_DUPLICATE_PPM: '100000',
    GATEWAY_HEALTH_INTERVAL_MS: '1000',
  };
  [a, b] = await Promise.all([
    startServerProcess(env),
    startServerProcess({ ...env, DATABASE_READ_URL: readUrl.toString() }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  receiver?.close();
  await database?.drop();
  if (onPostgres) await asAdmin(`DROP ROLE IF EXISTS ${readerRole}`);
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('take pay-ins in turn while both run the jobs: every one kept, notified, and the books balance', async () => {
    // Amounts the sandbox settles by themselves (…03 succeeds, …01 fails), and pay-ins that wait
    // for the payer, who pays on the other instance's hosted page.
    const amountOf = (i: number) => `${100 + i}.${['03', '01', '00'][i % 3]}`;
    const answered = new Map<string, string>(); // pay-in id → its amount
    const refused: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < PAYINS; i = next++) {
        const [here, there] = i % 2 ? [b, a] : [a, b];
        const response = await post(
          here.base,
          '/api/v1/payins',
          payinRequest(`two-${i}`, amountOf(i)),
        );
        if (response.status !== 201) {
          refused.push(`${i}: ${response.status} ${await response.text()}`);
          continue;
        }
        const { id } = (await response.json()) as { id: string };
        answered.set(id, amountOf(i));
        if (i % 3 === 2) {
          const paid = await fetch(`${there.base}/sandbox/pay/${id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'outcome=success',
          });
          expect(paid.status).toBe(200);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(refused).toEqual([]);
    expect(answered.size).toBe(PAYINS);

    const statusOf = (amount: string) => (amount.endsWith('.01') ? 'failed' : 'success');
    const events = [...answered].map(([id, amount]) => `payin:${id}:${statusOf(amount)}`);
    const arrived = await waitFor(() => events.every((e) => received.has(e)));
    expect(
      arrived,
      `missing: ${events
        .filter((e) => !received.has(e))
        .slice(0, 5)
        .join(', ')}`,
    ).toBe(true);

    await read(async (db) => {
      const { rows } = await db.query<{ n: bigint }>(
        'SELECT count(*)::int8 AS n FROM payins WHERE id = ANY($1)',
        [[...answered.keys()]],
      );
      expect(rows[0]!.n).toBe(BigInt(PAYINS));
    });
    // Every notification of these pay-ins is marked delivered (the demo history has its own
    // abandoned ones), and the jobs folded the closed report buckets.
    const settled = await waitFor(() =>
      read(async (db) => {
        const { rows } = await db.query<{ pending: bigint; closed: bigint }>(
          `SELECT (SELECT count(*) FROM merchant_notifications
                    WHERE status <> 'delivered' AND ref_id = ANY($1::uuid[]))::int8 AS pending,
                  (SELECT count(*) FROM report_halfhours WHERE bucket < now() - interval '1 hour')::int8 AS closed`,
          [[...answered.keys()]],
        );
        return rows[0]!.pending === 0n && rows[0]!.closed === 0n;
      }),
    );
    expect(settled).toBe(true);
    await read(async (db) => expect(await findLedgerDrift(db)).toEqual([]));

    for (const server of [a, b]) {
      expect(errorLines(server.output())).toEqual([]);
      expect(server.output()).not.toContain('money jobs failed');
      // Each ran at least one round of the jobs (on a loaded machine its first may end late).
      const roundsOf = async () => {
        const metrics = await (await fetch(`${server.base}/metrics`)).text();
        return Number(/^bo_money_jobs_round_seconds_count (\d+)/m.exec(metrics)?.[1]);
      };
      expect(await waitFor(async () => (await roundsOf()) > 0)).toBe(true);
    }
    const duplicates = [...received.values()].filter((n) => n > 1).length;
    console.info(
      `two instances: ${PAYINS} pay-ins, ${received.size} events, ${duplicates} received twice`,
    );
  }, 120_000);

  it('takes a session made on one on the other, and its lists from the replica', async () => {
    const login = await call(a.base, 'login', {
      email: 'merchant@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const { token, username } = login.data as { token: string; username: string };
    const session = { accessToken: token, accessUsername: username };
    expect((await call(b.base, 'getUserFullData', session)).status).toBe(200);
    const list = await call(b.base, 'getPayinList', { ...session, pageSize: '5' });
    expect(list.status, list.message).toBe(200);
    expect((list.data as { total: number }).total).toBeGreaterThan(0);
    expect(await (await fetch(`${b.base}/readyz`)).json()).toMatchObject({
      checks: { replica: 'ok (not a standby)' },
    });
  });

  it('refuses on one a signed request the other took', async () => {
    const request = payinRequest(`replayed-${Date.now()}`, '100.03');
    expect((await post(a.base, '/api/v1/payins', request)).status).toBe(201);
    const replay = await post(b.base, '/api/v1/payins', request);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: { code: 'replayed_request' } });
  });

  it('share every signature they have seen: a read, a retry answered from its key, a write sent to both at once', async () => {
    const balance = { headers: signedHeaders('GET', '/api/v1/balance', '') };
    expect((await fetch(`${a.base}/api/v1/balance`, balance)).status).toBe(200);
    expect((await fetch(`${b.base}/api/v1/balance`, balance)).status).toBe(401);

    const order = `shared-${Date.now()}`;
    const signedAt = Math.floor(Date.now() / 1000);
    const first = await post(a.base, '/api/v1/payins', payinRequest(order, '100.03', signedAt));
    expect(first.status).toBe(201);
    // Signed anew: a second earlier than the first, so never the same signature (a
    // retry signed at "now - 1" matched the first whenever a second ended in between).
    const retry = payinRequest(order, '100.03', signedAt - 1);
    expect(await (await post(b.base, '/api/v1/payins', retry)).text()).toBe(await first.text());
    expect((await post(a.base, '/api/v1/payins', retry)).status).toBe(401);

    const both = payinRequest(`at-once-${Date.now()}`, '100.03');
    const answers = await Promise.all([a, b].map((s) => post(s.base, '/api/v1/payins', both)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 401]);
    const ids = await read((db) =>
      db.query('SELECT id FROM payins WHERE order_id = $1', [
        (JSON.parse(both.body) as { order_id: string }).order_id,
      ]),
    );
    expect(ids.rows).toHaveLength(1);
  });

  it('refuses on the other, once its key cache lapses, a key revoked on one', async () => {
    const login = await call(a.base, 'login', {
      email: 'merchant@demo.test',
      password: DEMO_PASSWORD,
    });
    const { token, username } = login.data as { token: string; username: string };
    const session = { accessToken: token, accessUsername: username };
    const made = await call(a.base, 'createMerchantApiKey', { ...session, name: 'two instances' });
    expect(made.status, made.message).toBe(200);
    const { key, secret } = made.data as { key: { key_id: string }; secret: string };
    let asked = 0;
    const balanceOn = (server: ServerProcess) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const path = `/api/v1/balance?n=${++asked}`; // each request signed anew, never a replay
      return fetch(`${server.base}${path}`, {
        headers: {
          'x-api-key': key.key_id,
          'x-timestamp': timestamp,
          'x-signature': signApiRequest(secret, {
            timestamp,
            method: 'GET',
            path,
            idempotencyKey: '',
            rawBody: '',
          }),
        },
      });
    };
    expect((await balanceOn(b)).status).toBe(200); // B now remembers the key
    expect(
      (await call(a.base, 'revokeMerchantApiKey', { ...session, keyId: key.key_id })).status,
    ).toBe(200);
    expect((await balanceOn(a)).status).toBe(401);
    // B trusts what it remembers for API_KEY_CACHE_MS (5 s), then asks the database again.
    expect(await waitFor(async () => (await balanceOn(b)).status === 401, 30_000)).toBe(true);
  });
});
