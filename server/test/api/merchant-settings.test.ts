import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signRequest } from '../../src/core/signature';
import { deliverDueNotifications } from '../../src/modules/merchant-notifications/notifier';
import { checkNotifyUrl } from '../../src/modules/merchant-notifications/notify-url-check';
import { loggedActions } from '../support/admin-log';
import { encodeMultipart } from '../support/test-app';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

let t: MoneyApp;
let server: Server;
let hookUrl = '';
const received: { url: string; body: string; headers: IncomingMessage['headers'] }[] = [];

/** Whether notify URLs are checked strictly: the setting that tells a demo server apart. */
const setDemo = (demo: boolean) => {
  (t.config as { seedDemo: boolean }).seedDemo = demo;
};

beforeAll(async () => {
  t = await startMoneyApp();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body, headers: req.headers });
      res.statusCode = req.url?.includes('fail') ? 500 : 200;
      res.end(req.url?.includes('fail') ? 'merchant says no' : 'accepted by the test hook');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  vi.useRealTimers();
  setDemo(false);
});

interface KeyRow {
  key_id: string;
  name: string;
  state: string;
  last_used_at: string | null;
  expires_at: string | null;
}
interface NewKey {
  key: KeyRow;
  secret: string;
}

const payin = (order: string, amount = '50.03') => ({ amount, currency: 'THB', order_id: order });

async function createKey(email: string, name: string) {
  const r = await t.as<NewKey>(email, 'createMerchantApiKey', { name });
  expect(r.status).toBe(200);
  return r.data;
}

const signedPayin = (key: { key_id: string }, secret: string, order: string) =>
  t.api<{ id: string; error?: { code: string } }>('POST', '/api/v1/payins', payin(order), {
    keyId: key.key_id,
    secret,
  });

describe('API keys', () => {
  it('shows a secret once: the list never carries it, and a request signed with it works', async () => {
    const made = await createKey(MERCHANT, 'Checkout server');
    expect(made.secret).toMatch(/^sk_/);
    expect(made.key).toMatchObject({
      name: 'Checkout server',
      state: 'active',
      last_used_at: null,
    });
    const list = await t.as<{ keys: KeyRow[] }>(MERCHANT, 'getMerchantApiKeys');
    expect(list.data.keys.map((k) => k.key_id)).toContain(made.key.key_id);
    expect(JSON.stringify(list.data)).not.toContain(made.secret);
    expect((await signedPayin(made.key, made.secret, 'key-1')).status).toBe(201);
    const after = await t.as<{ keys: KeyRow[] }>(MERCHANT, 'getMerchantApiKeys');
    const used = after.data.keys.find((k) => k.key_id === made.key.key_id)!;
    expect(used.last_used_at).not.toBeNull();
    const [log] = await loggedActions(t.db, 'merchant_api_key.create');
    expect(log).toMatchObject({ actor_username: 'merchant', target_id: made.key.key_id });
    expect(JSON.stringify(log)).not.toContain(made.secret);
  });

  it('refuses a request signed with a revoked key at once, the key cache included', async () => {
    const made = await createKey(MERCHANT, 'To revoke');
    expect((await signedPayin(made.key, made.secret, 'rev-1')).status).toBe(201);
    const revoked = await t.as<KeyRow>(MERCHANT, 'revokeMerchantApiKey', {
      keyId: made.key.key_id,
    });
    expect(revoked).toMatchObject({ status: 200, data: { state: 'revoked' } });
    const refused = await signedPayin(made.key, made.secret, 'rev-2');
    expect(refused).toMatchObject({ status: 401, body: { error: { code: 'unknown_key' } } });
    const again = await t.as(MERCHANT, 'revokeMerchantApiKey', { keyId: made.key.key_id });
    expect(again.status).toBe(409);
    expect(await loggedActions(t.db, 'merchant_api_key.revoke')).toHaveLength(1);
  });

  it('rolls a key: the old one works within the window and is refused after it', async () => {
    const made = await createKey(MERCHANT, 'Rolled');
    expect((await signedPayin(made.key, made.secret, 'roll-0')).status).toBe(201);
    const roll = await t.as<NewKey & { old_key: KeyRow }>(MERCHANT, 'rollMerchantApiKey', {
      keyId: made.key.key_id,
      window: '1h',
    });
    expect(roll.status).toBe(200);
    expect(roll.data.key.name).toBe('Rolled');
    expect(roll.data.old_key).toMatchObject({ state: 'expiring' });
    expect((await signedPayin(made.key, made.secret, 'roll-1')).status).toBe(201);
    expect((await signedPayin(roll.data.key, roll.data.secret, 'roll-2')).status).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const late = await signedPayin(made.key, made.secret, 'roll-3');
    expect(late).toMatchObject({ status: 401, body: { error: { code: 'unknown_key' } } });
    expect((await signedPayin(roll.data.key, roll.data.secret, 'roll-4')).status).toBe(201);
    vi.useRealTimers();
    const bad = await t.as(MERCHANT, 'rollMerchantApiKey', {
      keyId: made.key.key_id,
      window: '2h',
    });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.message).toContain('window');
  });

  it("keeps each merchant to its own keys: another's id is not found", async () => {
    const mine = await createKey(MERCHANT, 'Private');
    const theirs = await t.as<{ keys: KeyRow[] }>(MERCHANT2, 'getMerchantApiKeys');
    expect(theirs.data.keys.map((k) => k.key_id)).not.toContain(mine.key.key_id);
    const revoke = await t.as(MERCHANT2, 'revokeMerchantApiKey', { keyId: mine.key.key_id });
    expect(revoke.status).toBe(404);
    const roll = await t.as(MERCHANT2, 'rollMerchantApiKey', {
      keyId: mine.key.key_id,
      window: '1h',
    });
    expect(roll.status).toBe(404);
    expect((await signedPayin(mine.key, mine.secret, 'scope-1')).status).toBe(201);
    expect((await t.as(ADMIN, 'getMerchantApiKeys')).status).toBe(403);
    expect((await t.as(SUB, 'getMerchantApiKeys')).status).toBe(403);
  });
});

describe('a sub-account with the technical module', () => {
  it('acts for its parent merchant', async () => {
    await t.db.query(`INSERT INTO account_modules (account_id, module) VALUES ($1, 'technical')`, [
      await t.accountId('SUB00001'),
    ]);
    const keys = await t.as<{ keys: KeyRow[] }>(SUB, 'getMerchantApiKeys');
    expect(keys.status).toBe(200);
    expect(keys.data.keys.map((k) => k.key_id)).toContain('demo-merchant-key');
    const made = await createKey(SUB, 'Made by the sub-account');
    const payinBy = await signedPayin(made.key, made.secret, 'sub-1');
    expect(payinBy.status).toBe(201);
    const seen = await t.as<{ rows: { id: string }[] }>(MERCHANT, 'getPayinList', {
      search: payinBy.body.id,
    });
    expect(seen.data.rows).toHaveLength(1);
    const [entry] = (await loggedActions(t.db, 'merchant_api_key.create')).filter(
      (e) => e.target_id === made.key.key_id,
    );
    expect(entry).toMatchObject({ actor_username: 'sub' });
  });
});

describe('notify URL', () => {
  const save = (notifyUrl: string) =>
    t.as<{ notify_url: string }>(MERCHANT2, 'setMerchantNotifyUrl', { notifyUrl });

  it('refuses http, loopback, private, link-local and metadata addresses outside the demo', async () => {
    const refusals: [string, string][] = [
      ['http://93.184.215.14/notify', 'notifyUrl must use https'],
      ['https://127.0.0.1/notify', 'loopback'],
      ['https://localhost:8443/notify', 'loopback'],
      ['https://[::1]/notify', 'loopback'],
      ['https://10.1.2.3/notify', 'private network'],
      ['https://192.168.0.10/notify', 'private network'],
      ['https://169.254.10.1/notify', 'link-local'],
      ['https://169.254.169.254/latest/meta-data', 'cloud metadata'],
      ['https://metadata.google.internal/x', 'cloud metadata'],
      ['ftp://93.184.215.14/x', 'http or https'],
      ['not a url', 'absolute URL'],
    ];
    for (const [url, words] of refusals) {
      const r = await save(url);
      expect(r.status, url).toBe(400);
      expect(r.message, url).toContain(words);
    }
    expect(
      (await t.as<{ notify_url: string }>(MERCHANT2, 'getMerchantNotifySettings')).data,
    ).toMatchObject({
      notify_url: '',
      strict_urls: true,
    });
    const ok = await save('https://93.184.215.14/notify');
    expect(ok).toMatchObject({ status: 200, data: { notify_url: 'https://93.184.215.14/notify' } });
    expect(await loggedActions(t.db, 'merchant_notify_settings.notify_url')).toHaveLength(1);
  });

  it('resolves a host name at save time and refuses one that points inside', async () => {
    const resolve = async () => [{ address: '10.0.0.7' }];
    await expect(
      checkNotifyUrl('https://shop.example/notify', { strict: true, resolve }),
    ).rejects.toThrow(
      'notifyUrl must not point to a private network address (shop.example is 10.0.0.7)',
    );
    const mapped = async () => [{ address: '::ffff:127.0.0.1' }];
    await expect(
      checkNotifyUrl('https://shop.example/notify', { strict: true, resolve: mapped }),
    ).rejects.toThrow('loopback');
    const fails = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(
      checkNotifyUrl('https://nowhere.example/', { strict: true, resolve: fails }),
    ).rejects.toThrow('could not be resolved');
    const outside = async () => [{ address: '93.184.215.14' }];
    const url = await checkNotifyUrl('https://shop.example/n', { strict: true, resolve: outside });
    expect(url.href).toBe('https://shop.example/n');
  });

  it('sends a signed test notification and shows what came back', async () => {
    setDemo(true);
    expect((await save(`${hookUrl}/test`)).status).toBe(200);
    received.length = 0;
    const first = await t.as<{ http_status: number; body_excerpt: string; signing_key_id: string }>(
      MERCHANT,
      'sendMerchantTestNotification',
      { notifyUrl: `${hookUrl}/test` },
    );
    expect(first).toMatchObject({
      status: 200,
      data: { http_status: 200, body_excerpt: 'accepted by the test hook' },
    });
    // Before a callback secret exists, notifications are signed with the oldest live API key.
    const hit = received[0]!;
    const ts = String(hit.headers['x-timestamp']);
    expect(hit.headers['x-api-key']).toBe('demo-merchant-key');
    expect(hit.headers['x-signature']).toBe(
      signRequest('demo-merchant-secret', ts, 'POST', '/hooks/test', hit.body),
    );
    const rotated = await t.as<{ secret_id: string; secret: string }>(
      MERCHANT,
      'rotateMerchantCallbackSecret',
    );
    expect(rotated.data.secret).toMatch(/^whsec_/);
    const settings = await t.as(MERCHANT, 'getMerchantNotifySettings');
    expect(settings.data).toMatchObject({
      signed_with: 'callback_secret',
      signing_key_id: rotated.data.secret_id,
    });
    expect(JSON.stringify(settings.data)).not.toContain(rotated.data.secret);
    const failing = await t.as<{ http_status: number; body_excerpt: string; latency_ms: number }>(
      MERCHANT,
      'sendMerchantTestNotification',
      { notifyUrl: `${hookUrl}/fail` },
    );
    expect(failing.data).toMatchObject({ http_status: 500, body_excerpt: 'merchant says no' });
    expect(failing.data.latency_ms).toBeGreaterThanOrEqual(0);
    const second = received[1]!;
    const ts2 = String(second.headers['x-timestamp']);
    expect(second.headers['x-api-key']).toBe(rotated.data.secret_id);
    expect(second.headers['x-signature']).toBe(
      signRequest(rotated.data.secret, ts2, 'POST', '/hooks/fail', second.body),
    );
    const unreachable = await t.as<{ http_status: null; error: string }>(
      MERCHANT,
      'sendMerchantTestNotification',
      { notifyUrl: 'http://127.0.0.1:1/closed' },
    );
    expect(unreachable.data.http_status).toBeNull();
    expect(unreachable.data.error).not.toBe('');
    setDemo(false);
    const strict = await t.as(MERCHANT, 'sendMerchantTestNotification', {
      notifyUrl: `${hookUrl}/test`,
    });
    expect(strict.status).toBe(400);
  });
});

interface LogRow {
  id: string;
  notification_id: string;
  event: string;
  ref_id: string;
  url: string;
  status: string;
  http_status: number | null;
  latency_ms: number | null;
  response_excerpt: string;
}
const log = (email: string, fields: Record<string, string> = {}) =>
  t.as<{ rows: LogRow[]; total: number }>(email, 'getMerchantNotificationLog', fields);

describe('notification log', () => {
  let delivered = '';
  let failed = '';

  it('sends to the default notify URL when a pay-in names none, and logs each attempt', async () => {
    setDemo(true);
    // Pay-ins of the tests before end first, so only this test's are sent to the default URL.
    await t.sandbox.idle();
    expect(
      (await t.as(MERCHANT, 'setMerchantNotifyUrl', { notifyUrl: `${hookUrl}/ok` })).status,
    ).toBe(200);
    const a = await t.api<{ id: string }>('POST', '/api/v1/payins', payin('log-1'));
    const b = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      ...payin('log-2'),
      notify_url: `${hookUrl}/fail`,
    });
    delivered = a.body.id;
    failed = b.body.id;
    await t.sandbox.idle();
    received.length = 0;
    await deliverDueNotifications(t.db, { ...t.config, notifyMaxAttempts: 5 });
    expect(received.map((r) => r.url).sort()).toEqual(['/hooks/fail', '/hooks/ok']);
    const page = await log(MERCHANT);
    expect(page.status).toBe(200);
    const ok = page.data.rows.find((r) => r.ref_id === delivered)!;
    expect(ok).toMatchObject({
      event: 'payin.success',
      status: 'success',
      http_status: 200,
      url: `${hookUrl}/ok`,
      response_excerpt: 'accepted by the test hook',
    });
    expect(ok.latency_ms).not.toBeNull();
  });

  it('filters by status, event, date range and transaction, and stays the merchant’s own', async () => {
    const failedRows = await log(MERCHANT, { status: 'failed' });
    expect(failedRows.data.rows.map((r) => r.ref_id)).toEqual([failed]);
    const okRows = await log(MERCHANT, { status: 'success', event: 'payin.success' });
    expect(okRows.data.rows.map((r) => r.ref_id)).toContain(delivered);
    expect(okRows.data.rows.every((r) => r.status === 'success')).toBe(true);
    expect((await log(MERCHANT, { event: 'payout.failed' })).data.total).toBe(0);
    expect((await log(MERCHANT, { search: delivered })).data.rows.map((r) => r.ref_id)).toEqual([
      delivered,
    ]);
    expect((await log(MERCHANT, { search: 'log-2' })).data.rows.map((r) => r.ref_id)).toEqual([
      failed,
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await log(MERCHANT, { from: tomorrow })).data.total).toBe(0);
    expect((await log(MERCHANT, { to: tomorrow })).data.total).toBeGreaterThanOrEqual(2);
    expect((await log(MERCHANT, { event: 'nope' })).status).toBe(400);
    expect((await log(MERCHANT2)).data.total).toBe(0);
  });

  it('exports every matching attempt', async () => {
    const session = await t.signIn(MERCHANT);
    const { body, contentType } = await encodeMultipart({
      ...session,
      call: 'getMerchantNotificationLog',
      format: 'csv',
      status: 'failed',
    });
    const r = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: '198.51.100.7',
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain(failed);
    expect(r.body).not.toContain(delivered);
  });

  it('resends one or many, and refuses another merchant’s notification', async () => {
    setDemo(true);
    const rows = (await log(MERCHANT)).data.rows;
    const ids = [...new Set(rows.map((r) => r.notification_id))];
    const foreign = await t.as(MERCHANT2, 'resendMerchantNotifications', { ids: ids[0]! });
    expect(foreign.status).toBe(404);
    const before = await t.count('merchant_notifications');
    const resent = await t.as<{ queued: number }>(MERCHANT, 'resendMerchantNotifications', {
      ids: ids.join(','),
    });
    expect(resent).toMatchObject({ status: 200, data: { queued: ids.length } });
    expect(await t.count('merchant_notifications')).toBe(before + ids.length);
    received.length = 0;
    await deliverDueNotifications(t.db, { ...t.config, notifyMaxAttempts: 5 });
    expect(received).toHaveLength(ids.length);
    const [entry] = await loggedActions(t.db, 'merchant_notification.resend');
    expect(entry).toMatchObject({ actor_username: 'merchant' });
    expect((await t.as(MERCHANT, 'resendMerchantNotifications', { ids: '' })).status).toBe(400);
  });
});
