import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/db';
import { openPostgres } from '../../src/db/postgres';
import { failureOf } from '../../src/http/failure';
import { signApiRequest } from '../../src/merchant-api/request-signature';
import { DEMO_API_KEY } from '../../src/seed/demo-money-setup';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { Relay } from '../support/tcp-relay';
import { DEMO_PASSWORD } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * While no server of a multi-host DATABASE_URL takes writes (a failover under way), writes
 * answer at once 503 with Retry-After instead of hanging until timeouts: the merchant API
 * `{ error: { code: 'service_unavailable' } }`, the back office `{ status: 503 }`. Even past
 * the pool's size, the wait is one short search, then none; nothing is written, and once a
 * writable server is back the next write succeeds, without a restart. The "servers" are the
 * test database behind two TCP relays (stopped: refused), or a database made read-only.
 */
describe('a database failure answers 503 with Retry-After', () => {
  it('maps connection errors, a missing primary and a write on a standby to 503', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
      Object.assign(new Error('read-only transaction'), { code: '25006' }),
    ])
      expect(failureOf(error)).toMatchObject({ status: 503, retryAfterSeconds: 5 });
    expect(failureOf(Object.assign(new Error('syntax'), { code: '42601' })).status).toBe(500);
  });
});

const onPostgres = testDatabaseKind() === 'postgres';
/** More concurrent requests than the pool has connections (10). */
const BURST = 25;

describe.runIf(onPostgres)('writes while no primary is found', () => {
  const first = new Relay();
  const second = new Relay();
  let t: MoneyApp;
  let db: Db;
  let app: FastifyInstance;
  let database = '';
  let sequence = 0;

  /** A signed pay-in to the multi-host app: its status, Retry-After and error code. */
  const payin = async (orderId = `unavailable-${sequence++}`) => {
    const at = String(Math.floor(Date.now() / 1000));
    const rawBody = JSON.stringify({ amount: '100.00', currency: 'THB', order_id: orderId });
    const path = '/api/v1/payins';
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        'x-api-key': DEMO_API_KEY.keyId,
        'x-timestamp': at,
        'idempotency-key': orderId,
        'x-signature': signApiRequest(DEMO_API_KEY.secret, {
          timestamp: at,
          method: 'POST',
          path,
          idempotencyKey: orderId,
          rawBody,
        }),
      },
    });
    const body = response.json() as { error?: { code: string } };
    return {
      orderId,
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      code: body.error?.code,
    };
  };
  /** A back-office sign-in, which writes a session. */
  const signIn = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/controller/admin/login',
      payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
      headers: { 'content-type': 'application/json' },
    });
    const body = response.json() as { status: number };
    return {
      status: response.statusCode,
      envelope: body.status,
      retryAfter: response.headers['retry-after'],
    };
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };
  /** Pay-ins until one is answered other than 503, for up to 10 s: the first such answer. */
  const payinOnceWritable = async () => {
    const deadline = Date.now() + 10_000;
    let answer = await payin();
    while (answer.status === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await payin();
    }
    return answer;
  };
  const payinsNamed = async (orderIds: string[]) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payins WHERE order_id = ANY($1)',
        [orderIds],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await startMoneyApp();
    database = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!
      .name;
    await first.start();
    await second.start();
    db = await openPostgres(
      `postgres://postgres@127.0.0.1:${first.port},127.0.0.1:${second.port}/${database}?target_session_attrs=read-write`,
    );
    app = await buildApp(db, t.config);
  }, 120_000);

  afterAll(async () => {
    await t?.db
      .query(`ALTER DATABASE ${database} RESET default_transaction_read_only`)
      .catch(() => undefined);
    await app?.close();
    await db?.close().catch(() => undefined);
    await first.stop();
    await second.stop();
    await t?.close();
  });

  it('answers 503 with Retry-After at once, writes nothing, and writes again once a primary is back', async () => {
    expect((await payin()).status).toBe(201);
    expect((await signIn()).status).toBe(200);

    // Both servers refuse. The connections of the first burst fail at once; the first call
    // that needs a new one waits for one short search (SEARCH_MS, 2 s), which finds no primary;
    // from then on every call is refused at once, without another search.
    await first.stop();
    await second.stop();
    const refused = await timed(() =>
      Promise.all([...Array.from({ length: BURST }, () => payin()), signIn()]),
    );
    const again = await timed(() => Promise.all(Array.from({ length: BURST }, () => payin())));
    const third = await timed(() => Promise.all(Array.from({ length: BURST }, () => payin())));
    for (const answer of [...refused.result, ...again.result, ...third.result]) {
      if ('code' in answer)
        expect(answer).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '5' });
      else expect(answer).toMatchObject({ status: 503, envelope: 503, retryAfter: '5' });
    }
    // Not hung until a connection timeout (node-postgres has none by default), and once a
    // search has found no primary the next burst waits for none: it is quicker than the burst
    // that searched, whatever else loads the machine (fixed bounds of 2 s failed under load).
    const searched = Math.max(refused.ms, again.ms);
    expect(searched).toBeLessThan(15_000);
    expect(third.ms).toBeLessThan(searched);

    // Both servers back: writes resume on their own, without a restart.
    await first.start();
    await second.start();
    expect((await payinOnceWritable()).status).toBe(201);

    // The servers answer, but none takes writes (as while a standby is being promoted): the
    // pool's connections are cut and the search finds only read-only sessions.
    await t.db.query(`ALTER DATABASE ${database} SET default_transaction_read_only = on`);
    await first.stop();
    await second.stop();
    await first.start();
    await second.start();
    const readOnly = await timed(() => payin());
    expect(readOnly.result).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(readOnly.ms).toBeLessThan(5_000);
    await t.db.query(`ALTER DATABASE ${database} RESET default_transaction_read_only`);
    expect((await payinOnceWritable()).status).toBe(201);
    expect((await signIn()).status).toBe(200);

    const refusedIds = [
      ...refused.result,
      ...again.result,
      ...third.result,
      readOnly.result,
    ].flatMap((a) => ('orderId' in a ? [a.orderId] : []));
    expect(await payinsNamed(refusedIds)).toBe(0);
    await t.expectCleanLedger();
  }, 60_000);
});
