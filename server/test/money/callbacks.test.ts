import { formatAmount, parseAmount } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredPayins } from '../../src/modules/payins/payin-flow';
import { deliverDueNotifications } from '../../src/modules/merchant-notifications/notifier';
import { signRequest } from '../../src/core/signature';
import { MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';
import { startNotifyReceiver, type NotifyReceiver } from './support/notify-receiver';

let t: MoneyApp;
let receiver: NotifyReceiver;

beforeAll(async () => {
  // The receiver is local (http on 127.0.0.1).
  t = await startMoneyApp({ NOTIFY_ALLOW_LOCAL: '1' });
  receiver = await startNotifyReceiver('/hooks/payments');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
  await receiver.close();
});

const available = async () =>
  (
    await t.as<{ balance: string }>(MERCHANT, 'getReportBalanceForResellerMerchant', {
      currency: 'THB',
    })
  ).data.balance;

async function openPayin(order: string, amount: string, extra: Record<string, string> = {}) {
  const r = await t.api<{ id: string; status: string }>('POST', '/api/v1/payins', {
    amount,
    currency: 'THB',
    order_id: order,
    ...extra,
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

const plus = (a: string, b: string) =>
  formatAmount(parseAmount(a, 'THB')! + parseAmount(b, 'THB')!, 'THB');

const payment = (id: string) => ({
  reference: `SBX-PI-${id}`,
  gateway_code: '',
  kind: 'payin' as const,
  merchant_ref: id,
});
async function gatewayOf(id: string) {
  const { rows } = await t.db.query<{ code: string }>(
    'SELECT g.payment_gateway_code AS code FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = $1',
    [id],
  );
  return { ...payment(id), gateway_code: rows[0]!.code };
}

describe('gateway callbacks', () => {
  it('credits once when a success is delivered several times', async () => {
    const id = await openPayin('cb-1', '100.00');
    const before = await available();
    const statuses = await t.sandbox.sendCallback(await gatewayOf(id), 'success', 5);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await available()).toBe(plus(before, '97.50'));
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM journal WHERE ref_id = $1 AND kind = 'payin.success'`,
      [id],
    );
    expect(rows[0]!.n).toBe(1n);
  });

  it('ignores a failure arriving after the success (out of order)', async () => {
    const id = await openPayin('cb-2', '100.00');
    await t.sandbox.sendCallback(await gatewayOf(id), 'success');
    const before = await available();
    await t.sandbox.sendCallback(await gatewayOf(id), 'failed');
    expect(await available()).toBe(before);
    const { rows } = await t.db.query<{ outcome: string }>(
      `SELECT outcome FROM gateway_events WHERE ref_id = $1 AND status = 'failed'`,
      [id],
    );
    expect(rows[0]!.outcome).toBe('ignored');
  });

  it('refuses a callback with a bad signature', async () => {
    const id = await openPayin('cb-3', '100.00');
    const body = JSON.stringify({
      event_id: 'x',
      gateway_code: 'SBX-THB-1',
      kind: 'payin',
      merchant_ref: id,
      status: 'success',
    });
    const r = await t.app.inject({
      method: 'POST',
      url: '/gateway-callbacks/sandbox',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': '1',
        'x-sandbox-signature': 'bad',
      },
    });
    expect(r.statusCode).toBe(401);
    expect((await t.api<{ status: string }>('GET', `/api/v1/payins/${id}`)).body.status).toBe(
      'processing',
    );
  });

  it('settles a silent gateway by a status query once the pay-in expires, and accepts a late success', async () => {
    // Amounts ending in .02 never get a callback.
    const silent = await openPayin('cb-4', '100.02');
    const paidLate = await openPayin('cb-5', '100.00');
    await t.sandbox.idle();
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await sweepExpiredPayins(t.db, later)).toBeGreaterThanOrEqual(2);
    expect((await t.api<{ status: string }>('GET', `/api/v1/payins/${silent}`)).body.status).toBe(
      'expired',
    );
    const before = await available();
    await t.sandbox.sendCallback(await gatewayOf(paidLate), 'success');
    expect((await t.api<{ status: string }>('GET', `/api/v1/payins/${paidLate}`)).body.status).toBe(
      'success',
    );
    expect(await available()).toBe(plus(before, '97.50'));
  });
});

describe('merchant notifications', () => {
  it('posts the signed result to the notify URL, retrying with back-off until a 2xx', async () => {
    const { received } = receiver;
    received.length = 0;
    receiver.failNext(1);
    const id = await openPayin('nt-1', '50.03', { notify_url: receiver.url });
    await t.sandbox.idle();
    expect(await deliverDueNotifications(t.db, { ...t.config, notifyMaxAttempts: 5 })).toBe(1);
    expect(received).toHaveLength(1);
    // The first attempt got a 503: nothing is due until its back-off has passed.
    expect(await deliverDueNotifications(t.db, { ...t.config, notifyMaxAttempts: 5 })).toBe(0);
    expect(
      await deliverDueNotifications(
        t.db,
        { ...t.config, notifyMaxAttempts: 5 },
        new Date(Date.now() + 60_000),
      ),
    ).toBe(1);
    expect(received).toHaveLength(2);
    const last = received[1]!;
    expect(JSON.parse(last.body)).toMatchObject({
      type: 'payin',
      id,
      order_id: 'nt-1',
      status: 'success',
      amount: '50.03',
      currency: 'THB',
    });
    const ts = String(last.headers['x-timestamp']);
    expect(last.headers['x-signature']).toBe(
      signRequest('demo-merchant-secret', ts, 'POST', '/hooks/payments', last.body),
    );
    const { rows } = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM merchant_notifications WHERE ref_id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(await t.count('merchant_notification_attempts')).toBe(2);
    expect(
      await deliverDueNotifications(
        t.db,
        { ...t.config, notifyMaxAttempts: 5 },
        new Date(Date.now() + 3_600_000),
      ),
    ).toBe(0);
  });
});
