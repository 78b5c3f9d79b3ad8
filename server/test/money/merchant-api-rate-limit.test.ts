import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { signApiRequest } from '../../src/merchant-api/request-signature';
import { DEMO_API_KEY } from '../../src/seed/demo-money-setup';
import { startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * The merchant API's rate limit per key (API_RATE_LIMIT_PER_SECOND, API_RATE_LIMIT_BURST): a
 * burst passes, the next request gets 429 `rate_limited` with Retry-After and is counted on
 * /metrics; a second instance on the same database shares the key's bucket; a refused request
 * may be sent again as it was once tokens are back (its signature was not spent).
 */
const LIMITS = { API_RATE_LIMIT_PER_SECOND: '2', API_RATE_LIMIT_BURST: '5' };
let t: MoneyApp;
let other: FastifyInstance;
let sequence = 0;

beforeAll(async () => {
  t = await startMoneyApp(LIMITS);
  other = await buildApp(t.db, t.config);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** One signed request's parts: a fresh one unless the same is sent again. */
const freshRequest = () => ({
  at: String(Math.floor(Date.now() / 1000)),
  key: `rl-${sequence++}`,
});

/** A signed GET /api/v1/balance to `app`: each its own signature (its Idempotency-Key) unless given. */
async function balance(app: FastifyInstance, { at, key } = freshRequest()) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/balance',
    headers: {
      'x-api-key': DEMO_API_KEY.keyId,
      'x-timestamp': at,
      'x-signature': signApiRequest(DEMO_API_KEY.secret, {
        timestamp: at,
        method: 'GET',
        path: '/api/v1/balance',
        idempotencyKey: key,
        rawBody: '',
      }),
      'idempotency-key': key,
    },
  });
  return {
    status: response.statusCode,
    retryAfter: response.headers['retry-after'],
    code: (response.json() as { error?: { code: string } }).error?.code,
  };
}

/**
 * The shared bucket's clock, held by the test rather than the machine (a loaded one took long
 * enough between requests for a token to come back): `letTimePass` makes the bucket's last
 * refill `seconds` ago; `balanceNow` sends a request with no time gone by since the one before
 * (its last refill set ahead, so none is counted).
 */
const letTimePass = (seconds: number) =>
  t.db.query(
    `UPDATE api_rate_buckets SET refilled_at = clock_timestamp() - make_interval(secs => $1)`,
    [seconds],
  );
async function balanceNow(app: FastifyInstance, parts?: ReturnType<typeof freshRequest>) {
  await t.db.query(
    `UPDATE api_rate_buckets SET refilled_at = clock_timestamp() + interval '1 hour'`,
  );
  return balance(app, parts);
}

describe('merchant API rate limit per key', () => {
  it('lets a burst through, then answers 429 with Retry-After, counted on /metrics', async () => {
    for (let i = 0; i < 5; i++) expect((await balanceNow(t.app)).status).toBe(200);
    const refused = await balanceNow(t.app);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: '1' });
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
    });
    expect(Number(/^bo_api_rate_limited_total (\d+)/m.exec(scrape.body)?.[1])).toBeGreaterThan(0);
  });

  it('is shared by another instance on the same database', async () => {
    expect((await balanceNow(other)).status).toBe(429);
    await letTimePass(1);
    // Two tokens came back at 2 per second: one instance spends one, the other the second.
    expect((await balance(other)).status).toBe(200);
    expect((await balanceNow(t.app)).status).toBe(200);
    expect((await balanceNow(other)).status).toBe(429);
  });

  it('lets a refused request be sent again as it was, once tokens are back', async () => {
    const same = freshRequest();
    expect((await balanceNow(t.app, same)).status).toBe(429);
    await letTimePass(5);
    expect((await balance(t.app, same)).status).toBe(200);
    // Sent a third time, the same signature is a replay now that it was used.
    expect(await balanceNow(t.app, same)).toMatchObject({
      status: 401,
      code: 'replayed_request',
    });
  });
});
