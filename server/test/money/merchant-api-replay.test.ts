import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../src/core/signature';
import { isFirstUseOfSignature, SignatureUse } from '../../src/merchant-api/replay-guard';
import { canonicalRequestV2, signApiRequest } from '../../src/merchant-api/request-signature';
import { DEMO_API_KEY } from '../../src/seed/demo-money-setup';
import { sendPayoutToGateway } from '../../src/modules/payouts/payout-flow';
import { ADMIN, startMoneyApp, topUpDemoMerchant, type MoneyApp } from './support/money-app';

const PUBLIC_URL = 'https://pay.example.com';
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp({ PUBLIC_URL });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A signed request's exact headers, to send as they are (once or twice). */
function signed(
  method: 'GET' | 'POST',
  path: string,
  body: string,
  key: string,
  ts = nowSeconds(),
) {
  const timestamp = String(ts);
  const headers: Record<string, string> = {
    'x-api-key': DEMO_API_KEY.keyId,
    'x-timestamp': timestamp,
    'x-signature': signApiRequest(DEMO_API_KEY.secret, {
      timestamp,
      method,
      path,
      idempotencyKey: key,
      rawBody: body,
    }),
    'content-type': 'application/json',
  };
  if (key) headers['idempotency-key'] = key;
  return headers;
}

const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body = '') =>
  t.app.inject({ method, url, headers, payload: method === 'POST' ? body : undefined });

/** A pay-in request signed at `ts`, sent. */
const postPayin = (body: string, key: string, ts = nowSeconds()) =>
  send('POST', '/api/v1/payins', signed('POST', '/api/v1/payins', body, key, ts), body);

const payinBody = (order: string) =>
  JSON.stringify({ amount: '150.00', currency: 'THB', order_id: order });

describe('the v2 signature', () => {
  it('is six lines: v2, timestamp, METHOD, path, Idempotency-Key, body', () => {
    expect(
      canonicalRequestV2({
        timestamp: '1767225600',
        method: 'post',
        path: '/api/v1/payins',
        idempotencyKey: 'k-1',
        rawBody: '{"a":1}',
      }),
    ).toBe('v2\n1767225600\nPOST\n/api/v1/payins\nk-1\n{"a":1}');
  });

  it('covers the Idempotency-Key: the same signature with another key is refused, nothing made', async () => {
    const before = await t.count('payins');
    const body = payinBody('replay-key-1');
    const headers = signed('POST', '/api/v1/payins', body, 'original-key');
    const swapped = await send(
      'POST',
      '/api/v1/payins',
      { ...headers, 'idempotency-key': 'other-key' },
      body,
    );
    expect(swapped.statusCode).toBe(401);
    expect(swapped.json()).toMatchObject({ error: { code: 'bad_signature' } });
    const dropped = { ...headers };
    delete dropped['idempotency-key'];
    expect((await send('POST', '/api/v1/payins', dropped, body)).statusCode).toBe(401);
    expect(await t.count('payins')).toBe(before);
  });

  it('refuses the retired v1 string with its own code', async () => {
    const body = payinBody('replay-v1');
    const timestamp = String(nowSeconds());
    const r = await send(
      'POST',
      '/api/v1/payins',
      {
        'x-api-key': DEMO_API_KEY.keyId,
        'x-timestamp': timestamp,
        'x-signature': signRequest(DEMO_API_KEY.secret, timestamp, 'POST', '/api/v1/payins', body),
        'idempotency-key': 'v1-key',
        'content-type': 'application/json',
      },
      body,
    );
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ error: { code: 'signature_version_retired' } });
  });
});

describe('a replayed signed request', () => {
  it('is refused inside the window, a write and a read alike, changing nothing', async () => {
    const body = payinBody('replay-1');
    const headers = signed('POST', '/api/v1/payins', body, 'replay-key-A');
    const first = await send('POST', '/api/v1/payins', headers, body);
    expect(first.statusCode).toBe(201);
    const before = await t.count('payins');
    const again = await send('POST', '/api/v1/payins', headers, body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'replayed_request' } });
    expect(await t.count('payins')).toBe(before);

    const read = signed('GET', '/api/v1/balance', '', '');
    expect((await send('GET', '/api/v1/balance', read)).statusCode).toBe(200);
    expect((await send('GET', '/api/v1/balance', read)).json()).toMatchObject({
      error: { code: 'replayed_request' },
    });
    // The same read signed anew (another second, or another Idempotency-Key) is served.
    expect(
      (await send('GET', '/api/v1/balance', signed('GET', '/api/v1/balance', '', 'r2'))).statusCode,
    ).toBe(200);
  });

  it('of a retry answered from its key is refused too, the first answer kept', async () => {
    const body = payinBody('replay-retry-1');
    const ts = nowSeconds();
    const first = await postPayin(body, 'replay-retry-key', ts);
    expect(first.statusCode).toBe(201);
    // Signed anew (another timestamp), the same key: the first answer, nothing made.
    const retry = signed('POST', '/api/v1/payins', body, 'replay-retry-key', ts - 1);
    const before = await t.count('payins');
    expect((await send('POST', '/api/v1/payins', retry, body)).body).toBe(first.body);
    const again = await send('POST', '/api/v1/payins', retry, body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'replayed_request' } });
    expect(await t.count('payins')).toBe(before);
  });

  it('of a refused write is refused as a replay, and nothing is made', async () => {
    const body = JSON.stringify({ amount: '1.001', currency: 'THB', order_id: 'replay-bad-1' });
    const headers = signed('POST', '/api/v1/payins', body, 'replay-bad-key');
    const before = await t.count('payins');
    expect((await send('POST', '/api/v1/payins', headers, body)).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/payins', headers, body)).json()).toMatchObject({
      error: { code: 'replayed_request' },
    });
    expect(await t.count('payins')).toBe(before);
  });

  it('sent twice at once is taken once: one pay-in, the other answer replayed_request', async () => {
    const body = payinBody('replay-at-once-1');
    const headers = signed('POST', '/api/v1/payins', body, 'replay-at-once-key');
    const before = await t.count('payins');
    // Among other pay-ins, so they share a group commit with them.
    const others = Array.from({ length: 6 }, (_, i) => {
      const b = payinBody(`replay-at-once-other-${i}`);
      return postPayin(b, `ao-${i}`);
    });
    const answers = await Promise.all([
      send('POST', '/api/v1/payins', headers, body),
      send('POST', '/api/v1/payins', headers, body),
      ...others,
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      201, 201, 201, 201, 201, 201, 201, 401,
    ]);
    expect(answers.find((a) => a.statusCode === 401)?.json()).toMatchObject({
      error: { code: 'replayed_request' },
    });
    expect(await t.count('payins')).toBe(before + 7);
  });

  it('of reads sent at once: each new signature is served, the same one only once', async () => {
    const reads = Array.from({ length: 8 }, (_, i) =>
      signed('GET', '/api/v1/balance', '', `rd-${i}`),
    );
    const twice = signed('GET', '/api/v1/balance', '', 'rd-twice');
    const answers = await Promise.all(
      [...reads, twice, twice].map((h) => send('GET', '/api/v1/balance', h)),
    );
    expect(answers.slice(0, 8).map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(
      answers
        .slice(8)
        .map((a) => a.statusCode)
        .sort(),
    ).toEqual([200, 401]);
  });

  it('is refused as stale once the window has passed, and its record is pruned then', async () => {
    const EXPIRED_SIGNATURE = 'e'.repeat(64);
    const old = nowSeconds() - 301;
    const headers = signed('GET', '/api/v1/balance', '', '', old);
    expect((await send('GET', '/api/v1/balance', headers)).json()).toMatchObject({
      error: { code: 'stale_timestamp' },
    });
    await t.db.query(
      `INSERT INTO merchant_api_seen_signatures (signature, expires_at) VALUES (decode($1, 'hex'), now() - interval '1 second')`,
      [EXPIRED_SIGNATURE],
    );
    // A call a minute later than any so far prunes what has expired (in the background).
    await isFirstUseOfSignature(
      t.db,
      new SignatureUse('f'.repeat(64), nowSeconds()),
      Date.now() + 120_000,
    );
    await expect
      .poll(async () => {
        const { rows } = await t.db.query(
          `SELECT 1 FROM merchant_api_seen_signatures WHERE signature = decode($1, 'hex')`,
          [EXPIRED_SIGNATURE],
        );
        return rows.length;
      })
      .toBe(0);
  });
});

describe('an idempotent retry', () => {
  it('answers the first response byte for byte', async () => {
    const body = payinBody('bytes-1');
    const ts = nowSeconds();
    const first = await postPayin(body, 'bytes-key', ts);
    expect(first.statusCode).toBe(201);
    const retry = await postPayin(body, 'bytes-key', ts - 1);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    // The keys in the order the first answer had them (jsonb would have re-ordered them).
    expect(Object.keys(JSON.parse(retry.body) as object)[0]).toBe('id');
  });

  it('of a pay-out answers its first response byte for byte too', async () => {
    const body = JSON.stringify({
      amount: '1.00',
      currency: 'THB',
      order_id: 'bytes-payout-1',
      bank_name: 'Demo Bank',
      account_number: '1234567890',
      account_holder: 'Somchai',
    });
    const ts = nowSeconds();
    const first = await send(
      'POST',
      '/api/v1/payouts',
      signed('POST', '/api/v1/payouts', body, 'bytes-po', ts),
      body,
    );
    const retry = await send(
      'POST',
      '/api/v1/payouts',
      signed('POST', '/api/v1/payouts', body, 'bytes-po', ts - 1),
      body,
    );
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.body).toBe(first.body);
  });
});

describe('a pay-out retried with its key', () => {
  it('is handed to its gateway once: the replayed answer sends nothing again', async () => {
    // Ends in 02: the sandbox never calls back, so it stays in processing, handed over.
    const body = JSON.stringify({
      amount: '1.02',
      currency: 'THB',
      order_id: 'hand-over-once-1',
      bank_name: 'Demo Bank',
      account_number: '1234567890',
      account_holder: 'Somchai',
    });
    await topUpDemoMerchant(t, '100.00');
    // Each try signed at a second of its own (a second signing in the same second is a replay).
    const ts = nowSeconds();
    const first = await send(
      'POST',
      '/api/v1/payouts',
      signed('POST', '/api/v1/payouts', body, 'hand-over-once', ts),
      body,
    );
    expect(first.statusCode, first.body).toBe(201);
    const { id, status } = first.json<{ id: string; status: string }>();
    expect(status).toBe('processing');
    for (let i = 0; i < 2; i++) {
      const retry = await send(
        'POST',
        '/api/v1/payouts',
        signed('POST', '/api/v1/payouts', body, 'hand-over-once', ts - 1 - i),
        body,
      );
      expect(retry.body).toBe(first.body);
    }
    const { rows } = await t.db.query<{ hand_overs: number; reference: string }>(
      `SELECT s.hand_overs, p.gateway_reference AS reference
         FROM payouts p JOIN sandbox_payments s ON s.reference = p.gateway_reference WHERE p.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ hand_overs: 1, reference: expect.stringMatching(/^SBX-PO-/) }]);

    // Two hand-overs at once of a row not yet handed over (its reference and claim cleared
    // behind the product's back, as if the first were still at the gateway): one sends it.
    await t.db.query(
      `UPDATE payouts SET gateway_reference = '', handing_over_at = NULL WHERE id = $1`,
      [id],
    );
    await Promise.all([sendPayoutToGateway(t.db, id), sendPayoutToGateway(t.db, id)]);
    const { rows: again } = await t.db.query<{ hand_overs: number }>(
      `SELECT s.hand_overs FROM payouts p JOIN sandbox_payments s ON s.reference = p.gateway_reference
        WHERE p.id = $1`,
      [id],
    );
    expect(again).toEqual([{ hand_overs: 2 }]);
  });
});

describe('payment_url', () => {
  it('is absolute on PUBLIC_URL, in the merchant API and the back-office detail', async () => {
    const created = await t.api<{ id: string; payment_url: string }>('POST', '/api/v1/payins', {
      amount: '150.00',
      currency: 'THB',
      order_id: 'absolute-1',
    });
    expect(created.body.payment_url).toBe(`${PUBLIC_URL}/sandbox/pay/${created.body.id}`);
    const read = await t.api<{ payment_url: string }>('GET', `/api/v1/payins/${created.body.id}`);
    expect(read.body.payment_url).toBe(created.body.payment_url);
    const detail = await t.as<{ payment_url: string }>(ADMIN, 'getPayinDetail', {
      id: created.body.id,
    });
    expect(detail.data.payment_url).toBe(created.body.payment_url);
  });
});
