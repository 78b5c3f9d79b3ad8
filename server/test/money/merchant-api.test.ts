import { IDEMPOTENCY_STALE_SECONDS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOrStop } from '../../src/merchant-api/idempotency';
import { requestHash } from '../../src/core/signature';
import { createPayins } from '../../src/modules/payins/payins.service';
import { ADMIN, MERCHANT, MERCHANT2, startMoneyApp, type MoneyApp } from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface ApiPayin {
  id: string;
  status: string;
  amount: string;
  fee: string;
  net_amount: string;
  payment_url: string;
}

/** A timestamp `n` seconds back: a retry signed anew, so not a replay of the first signature. */
const secondsAgo = (n: number) => Math.floor(Date.now() / 1000) - n;

const payin = (order: string, amount = '1000.00', currency = 'THB') => ({
  amount,
  currency,
  order_id: order,
});

describe('merchant API authentication', () => {
  it('refuses a bad signature, a stale timestamp and an unknown key, changing nothing', async () => {
    const before = await t.count('payins');
    const bad = await t.api('POST', '/api/v1/payins', payin('auth-1'), {
      signature: 'ab'.repeat(32),
    });
    expect(bad).toMatchObject({ status: 401, body: { error: { code: 'bad_signature' } } });
    const wrongSecret = await t.api('POST', '/api/v1/payins', payin('auth-1'), {
      secret: 'not-the-secret',
    });
    expect(wrongSecret.status).toBe(401);
    const stale = await t.api('POST', '/api/v1/payins', payin('auth-1'), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale).toMatchObject({ status: 401, body: { error: { code: 'stale_timestamp' } } });
    const future = await t.api('GET', '/api/v1/balance', undefined, {
      timestamp: Math.floor(Date.now() / 1000) + 400,
    });
    expect(future.status).toBe(401);
    const unknown = await t.api('POST', '/api/v1/payins', payin('auth-1'), {
      keyId: 'no-such-key',
    });
    expect(unknown).toMatchObject({ status: 401, body: { error: { code: 'unknown_key' } } });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/balance' });
    expect(missing.statusCode).toBe(401);
    expect(await t.count('payins')).toBe(before);
  });

  it('answers a body over the limit in its own error shape, not the back-office envelope', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payins',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(1_100_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: { code: 'too_large', message: 'The request is too large' },
    });
  });

  it('signs over the exact body: a body changed after signing is refused', async () => {
    const raw = JSON.stringify(payin('auth-2'));
    const ok = await t.api('POST', '/api/v1/payins', undefined, { rawBody: raw });
    expect(ok.status).toBe(201);
    const { signApiRequest } = await import('../../src/merchant-api/request-signature');
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = signApiRequest('demo-merchant-secret', {
      timestamp: ts,
      method: 'POST',
      path: '/api/v1/payins',
      idempotencyKey: 'tampered',
      rawBody: raw,
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payins',
      payload: raw.replace('1000.00', '9000.00'),
      headers: {
        'content-type': 'application/json',
        'x-api-key': 'demo-merchant-key',
        'x-timestamp': ts,
        'x-signature': signature,
        'idempotency-key': 'tampered',
      },
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('honours a rotated secret at once and a revocation once the key cache forgets it', async () => {
    const { forgetApiKeys } = await import('../../src/merchant-api/api-key-cache');
    const setKey = (secret: string, revoked: boolean) =>
      t.db.query(
        `UPDATE merchant_api_keys SET secret = $2, revoked_at = CASE WHEN $3 THEN now() END
          WHERE key_id = $1`,
        ['demo-merchant-key', secret, revoked],
      );
    expect((await t.api('POST', '/api/v1/payins', payin('auth-3'))).status).toBe(201);
    try {
      await setKey('rotated-secret', false);
      const rotated = await t.api('POST', '/api/v1/payins', payin('auth-4'), {
        secret: 'rotated-secret',
      });
      expect(rotated.status).toBe(201);
      await setKey('rotated-secret', true);
      forgetApiKeys(t.db, 'demo-merchant-key');
      const revoked = await t.api('POST', '/api/v1/payins', payin('auth-5'), {
        secret: 'rotated-secret',
      });
      expect(revoked).toMatchObject({ status: 401, body: { error: { code: 'unknown_key' } } });
    } finally {
      await setKey('demo-merchant-secret', false);
      forgetApiKeys(t.db);
    }
  });
});

describe('a merchant disabled in the back office', () => {
  it('has its API key refused at once, and working again once enabled', async () => {
    const status = (value: 'active' | 'disabled') =>
      t.as(ADMIN, 'setAccountStatus', { accountDbCode: 'MER00001', status: value });
    // Each read signed at its own instant: a signature is single-use.
    const balance = (n: number) =>
      t.api('GET', '/api/v1/balance', undefined, { timestamp: secondsAgo(n) });
    // The key is remembered as live by this request.
    expect((await balance(1)).status).toBe(200);
    try {
      expect((await status('disabled')).status).toBe(200);
      const refused = await balance(2);
      expect(refused).toMatchObject({ status: 401, body: { error: { code: 'unknown_key' } } });
    } finally {
      expect((await status('active')).status).toBe(200);
    }
    expect((await balance(3)).status).toBe(200);
  });
});

describe('POST /api/v1/payins', () => {
  it('creates a processing pay-in priced by the contract, with a payment page', async () => {
    const r = await t.api<ApiPayin>('POST', '/api/v1/payins', payin('order-1', '1000.00'));
    expect(r.status).toBe(201);
    // 2.5% of 1000.00 THB = 25.00
    expect(r.body).toMatchObject({
      status: 'processing',
      amount: '1000.00',
      fee: '25.00',
      net_amount: '975.00',
    });
    // Absolute, on PUBLIC_URL (http://localhost:<PORT> by default).
    expect(r.body.payment_url).toBe(`${t.config.publicUrl}/sandbox/pay/${r.body.id}`);
    expect(r.body.payment_url).toMatch(/^https?:\/\//);
    const page = await t.app.inject({ method: 'GET', url: r.body.payment_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1000.00 THB');
    const read = await t.api<ApiPayin>('GET', `/api/v1/payins/${r.body.id}`);
    expect(read.body).toMatchObject({ id: r.body.id, status: 'processing' });
  });

  it('replays an idempotent request with the first response and refuses the key with another body', async () => {
    const ts = secondsAgo(0);
    const first = await t.api<ApiPayin>('POST', '/api/v1/payins', payin('idem-1'), {
      idempotencyKey: 'idem-key-1',
      timestamp: ts,
    });
    expect(first.status).toBe(201);
    const before = await t.count('payins');
    // A retry is signed anew (another X-Timestamp): the same signature again is a replay.
    const replay = await t.api<ApiPayin>('POST', '/api/v1/payins', payin('idem-1'), {
      idempotencyKey: 'idem-key-1',
      timestamp: ts - 1,
    });
    expect(replay).toEqual(first);
    const changed = await t.api('POST', '/api/v1/payins', payin('idem-1', '2000.00'), {
      idempotencyKey: 'idem-key-1',
    });
    expect(changed).toMatchObject({
      status: 409,
      body: { error: { code: 'idempotency_key_reused' } },
    });
    expect(await t.count('payins')).toBe(before);
  });

  it('finishes a pay-in whose request was interrupted after creating it, on a later retry', async () => {
    // The first request's creation committed, then the server stopped before answering.
    const body = payin('interrupted-1', '321.00');
    const merchantId = await t.accountId('MER00001');
    const created = await t.db.transaction(async (tx) => {
      await claimOrStop(
        tx,
        merchantId,
        'interrupted-key',
        requestHash('POST', '/api/v1/payins', JSON.stringify(body)),
      );
      const [p] = await createPayins(tx, [
        {
          merchantId,
          orderId: body.order_id,
          currency: 'THB',
          amount: 32_100n,
          createdAt: new Date(),
        },
      ]);
      return p!;
    });
    const before = await t.count('payins');
    const ts = secondsAgo(0);
    const soon = await t.api('POST', '/api/v1/payins', body, {
      idempotencyKey: 'interrupted-key',
      timestamp: ts,
    });
    expect(soon).toMatchObject({ status: 409, body: { error: { code: 'request_in_progress' } } });
    // Once the key has been in progress for longer than any request takes, a retry finishes it.
    await t.db.query(
      `UPDATE idempotency_keys SET created_at = created_at - $1::interval
        WHERE idempotency_key = 'interrupted-key'`,
      [`${IDEMPOTENCY_STALE_SECONDS + 1} seconds`],
    );
    const finished = await t.api<ApiPayin>('POST', '/api/v1/payins', body, {
      idempotencyKey: 'interrupted-key',
      timestamp: ts - 1,
    });
    expect(finished.status).toBe(201);
    expect(finished.body).toMatchObject({
      id: created.id,
      status: 'processing',
      amount: '321.00',
      payment_url: `${t.config.publicUrl}/sandbox/pay/${created.id}`,
    });
    const replay = await t.api('POST', '/api/v1/payins', body, {
      idempotencyKey: 'interrupted-key',
      timestamp: ts - 2,
    });
    expect(replay).toEqual(finished);
    expect(await t.count('payins')).toBe(before);
  });

  it('refuses a write without an idempotency key', async () => {
    const r = await t.api('POST', '/api/v1/payins', payin('no-key'), { idempotencyKey: null });
    expect(r.status).toBe(400);
  });

  it('refuses a duplicate order id with 409, creating nothing, and the key stays usable', async () => {
    expect((await t.api('POST', '/api/v1/payins', payin('dup-1'))).status).toBe(201);
    const before = await t.count('payins');
    const dup = await t.api('POST', '/api/v1/payins', payin('dup-1'), {
      idempotencyKey: 'dup-key',
    });
    // The field is named as this API spells it, not as the back office does (`orderId`).
    expect(dup).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'order_id is already used by another pay-in of this merchant',
        },
      },
    });
    expect(await t.count('payins')).toBe(before);
    // The refused request kept nothing, so its key may carry a corrected request.
    const retried = await t.api('POST', '/api/v1/payins', payin('dup-2'), {
      idempotencyKey: 'dup-key',
    });
    expect(retried.status).toBe(201);
  });

  it.each([
    ['too many decimals', payin('bad-1', '10.001')],
    ['too many decimals, even zeros', payin('bad-1z', '100.000')],
    ['an amount with spaces', payin('bad-1s', ' 100.00')],
    ['zero', payin('bad-2', '0.00')],
    ['negative', payin('bad-3', '-5.00')],
    ['not a number', payin('bad-4', '1e3')],
    ['a number, not a string', { amount: 10, currency: 'THB', order_id: 'bad-5' }],
    ['an unknown currency', payin('bad-6', '10.00', 'XXX')],
    ['a currency without contract', payin('bad-7', '10.00', 'BRL')],
    ['VND with decimals', payin('bad-8', '1000.5', 'VND')],
    ['an unknown field', { ...payin('bad-9'), extra: 1 }],
  ])('refuses %s with 400, changing nothing', async (_label, body) => {
    const before = await t.count('payins');
    const keys = await t.count('idempotency_keys');
    const r = await t.api<{ error: { code: string; message: string } }>(
      'POST',
      '/api/v1/payins',
      body,
    );
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
    expect(r.body.error.message.length).toBeGreaterThan(3);
    expect(await t.count('payins')).toBe(before);
    expect(await t.count('idempotency_keys')).toBe(keys);
  });

  it('reads amounts by the back-office rule, saying it: at most the currency decimals', async () => {
    const payout = (amount: string, currency = 'THB') => ({
      ...payin('dec-po', amount, currency),
      bank_name: 'SCB',
      account_number: '111',
      account_holder: 'A',
    });
    for (const [path, body, message] of [
      ['/api/v1/payins', payin('dec-1', '100.000'), 'amount must have at most 2 decimals in THB'],
      ['/api/v1/payouts', payout('100.000'), 'amount must have at most 2 decimals in THB'],
      ['/api/v1/payins', payin('dec-2', '1000.0', 'VND'), 'amount must have no decimals in VND'],
      ['/api/v1/payouts', payout('1e3'), /^amount must be a decimal number such as 100.50/],
    ] as const) {
      const r = await t.api<{ error: { code: string; message: string } }>('POST', path, body);
      expect(r.status, `${path} ${body.amount}`).toBe(400);
      expect(r.body.error.message).toMatch(message);
    }
  });

  it('completes through the hosted page: the callback credits the merchant net of fees', async () => {
    const r = await t.api<ApiPayin>('POST', '/api/v1/payins', payin('paid-1', '200.00'));
    const pay = await t.app.inject({
      method: 'POST',
      url: r.body.payment_url,
      payload: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(200);
    await t.sandbox.idle();
    const read = await t.api<ApiPayin>('GET', `/api/v1/payins/${r.body.id}`);
    expect(read.body.status).toBe('success');
    const balance = await t.api<{ balances: { currency: string; available: string }[] }>(
      'GET',
      '/api/v1/balance',
    );
    expect(balance.body.balances.find((b) => b.currency === 'THB')?.available).toBe('195.00');
    const again = await t.app.inject({
      method: 'POST',
      url: r.body.payment_url,
      payload: 'outcome=failed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('GET /api/v1/payins/{id} and the back-office lists', () => {
  it('shows a merchant only its own pay-ins', async () => {
    const r = await t.api<ApiPayin>('POST', '/api/v1/payins', payin('scope-1'));
    expect((await t.api('GET', '/api/v1/payins/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await t.api('GET', '/api/v1/payins/not-a-uuid')).status).toBe(404);
    const own = await t.as<{ rows: { id: string }[]; total: number }>(MERCHANT, 'getPayinList', {
      search: 'scope-1',
    });
    expect(own.data.rows.map((x) => x.id)).toEqual([r.body.id]);
    const other = await t.as<{ total: number }>(MERCHANT2, 'getPayinList', { search: 'scope-1' });
    expect(other.data.total).toBe(0);
    const detail = await t.as(MERCHANT2, 'getPayinDetail', { id: r.body.id });
    expect(detail.status).toBe(404);
    const admin = await t.as<{ contract_version: number; fee: string }>(ADMIN, 'getPayinDetail', {
      id: r.body.id,
    });
    expect(admin.data).toMatchObject({ contract_version: 1, fee: '25.00' });
  });

  it('pages the pay-in list and filters the processing list', async () => {
    const page1 = await t.as<{ rows: unknown[]; total: number; page: number }>(
      ADMIN,
      'getPayinList',
      { pageSize: '2', page: '1' },
    );
    expect(page1.data.rows).toHaveLength(2);
    expect(page1.data.total).toBeGreaterThan(2);
    const processing = await t.as<{ rows: { status: string }[] }>(ADMIN, 'getPayinList', {
      processingOnly: '1',
      pageSize: '200',
    });
    expect(
      processing.data.rows.every((x) => x.status === 'processing' || x.status === 'created'),
    ).toBe(true);
    expect((await t.as(ADMIN, 'getPayinList', { status: 'bogus' })).status).toBe(400);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents every operation from the shared schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/adjustments',
      '/adjustments/{id}',
      '/balance',
      '/disputes',
      '/disputes/{id}',
      '/disputes/{id}/evidence',
      '/payins',
      '/payins/{id}',
      '/payouts',
      '/payouts/{id}',
      '/refunds',
      '/refunds/{id}',
      '/statements',
    ]);
    expect(JSON.stringify(doc)).toContain('order_id');
  });
});
