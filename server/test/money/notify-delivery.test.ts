import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverDueNotifications,
  postNotification,
} from '../../src/modules/merchant-notifications/notifier';
import type { Resolve } from '../../src/modules/merchant-notifications/notify-url-check';
import { MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * Where notifications may go (issue 14): a request's notify_url is refused at once when what it
 * says refuses it; every delivery checks the addresses its host resolves to and connects to
 * those; no redirect, a time limit, a cap on the body read, TLS verified. Real local receivers;
 * the one stand-in is the resolver (a fixed table), as for the check at saving.
 */

let t: MoneyApp;
let plain: Server;
let tls: TlsServer;
let port = 0;
let tlsPort = 0;
let connections = 0;
const received: { url: string; host: string }[] = [];
const tlsRequests: string[] = [];
/** Resolves when the flooding answer's connection has been closed by the client. */
let floodClosed: Promise<void> = Promise.resolve();

/** The resolver deliveries use here: names that exist nowhere else, and the hosts asked. */
const NAMES: Record<string, string[]> = {
  'hooks.test': ['127.0.0.1'],
  'split.test': ['93.184.215.14', '::ffff:127.0.0.1'],
};
const asked: string[] = [];
const resolve: Resolve = async (host) => {
  asked.push(host);
  const found = NAMES[host];
  if (!found) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  return found.map((address) => ({ address }));
};

/** Whether notify URLs are checked strictly: the setting that tells a demo server apart. */
const setDemo = (demo: boolean) => {
  (t.config as { seedDemo: boolean }).seedDemo = demo;
};
const deliver = (at = new Date()) =>
  deliverDueNotifications(t.db, { ...t.config, notifyMaxAttempts: 5 }, at, 50, resolve);

/** A receiver answering by path: ok, a redirect, silence, a body that never ends. */
function answer(req: IncomingMessage, res: ServerResponse) {
  received.push({ url: req.url ?? '', host: req.headers.host ?? '' });
  if (req.url === '/moved') {
    res.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end();
  } else if (req.url === '/hang') {
    // Never answers: the client's time limit ends it.
  } else if (req.url === '/trickle') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('the start of a body that never ends');
  } else if (req.url === '/flood') {
    floodClosed = new Promise((done) => res.once('close', () => done()));
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const pour = () => {
      let room = true;
      while (room && !res.destroyed) room = res.write(chunk);
      if (!res.destroyed) res.once('drain', pour);
    };
    pour();
  } else {
    res.writeHead(200).end('received');
  }
}

// A self-signed certificate for localhost and 127.0.0.1 (valid to 2126), for this test only:
// no client trusts it, which is what the TLS case shows.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg9/5wmBL9v2VfNPl0
bv5gbUc2MGtV7l/913e2QzkyPeOhRANCAAQJI7hfw7Ss+yCxk6lbXi3sPF0cba6F
up7z/EkNXmBXpAy8dwnEs6GZNx6OHi6fobuW8nEyiw729MRchQyU9rlC
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUPWcpubvXLYWxx1BpaDkzoNFe6NAwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNDIyNDQ0M1oYDzIxMjYxMDMx
MjI0NDQzWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQJI7hfw7Ss+yCxk6lbXi3sPF0cba6Fup7z/EkNXmBXpAy8dwnEs6GZ
Nx6OHi6fobuW8nEyiw729MRchQyU9rlCo28wbTAdBgNVHQ4EFgQU/Y402x9OTh0j
6S9DClq8BxBViygwHwYDVR0jBBgwFoAU/Y402x9OTh0j6S9DClq8BxBViygwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSAAwRQIhAOJs8eNBKU1TKeSqh/NqRWr4blWwHonTOY9DlawECWtuAiBy
fycz6ynp+14NoZIMB1QsFw4liyqHe0VqaIg4RjcVhw==
-----END CERTIFICATE-----`;

beforeAll(async () => {
  t = await startMoneyApp();
  plain = createServer(answer);
  plain.on('connection', () => connections++);
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  port = (plain.address() as AddressInfo).port;
  tls = createTlsServer({ key: TEST_KEY, cert: TEST_CERT }, (req, res) => {
    tlsRequests.push(req.url ?? '');
    res.end('ok');
  });
  await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
  tlsPort = (tls.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
  plain.closeAllConnections();
  tls.closeAllConnections();
  await new Promise((r) => plain.close(r));
  await new Promise((r) => tls.close(r));
});
afterEach(() => setDemo(false));

const payin = (order: string, amount: string, notifyUrl: string) =>
  t.api<{ id: string; error?: { code: string; message: string } }>('POST', '/api/v1/payins', {
    amount,
    currency: 'THB',
    order_id: order,
    notify_url: notifyUrl,
  });

/** A pay-in that succeeds at once (amounts ending .03), its notification queued. */
async function paidPayin(order: string, notifyUrl: string) {
  const r = await payin(order, '50.03', notifyUrl);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await t.sandbox.idle();
  return r.body.id;
}

interface LogRow {
  ref_id: string;
  status: string;
  http_status: number | null;
  error: string;
  attempt: number;
}
const attemptsOf = async (refId: string) =>
  (
    await t.as<{ rows: LogRow[] }>(MERCHANT, 'getMerchantNotificationLog', { search: refId })
  ).data.rows.sort((a, b) => a.attempt - b.attempt);

const notificationOf = async (refId: string) =>
  (
    await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM merchant_notifications WHERE ref_id = $1',
      [refId],
    )
  ).rows[0];

describe("a request's notify_url", () => {
  it('is refused at the request, naming notify_url, when what it says points inside, and nothing is created', async () => {
    const refusals: [string, string][] = [
      ['http://127.0.0.1/x', 'notify_url must use https'],
      ['https://10.0.0.1/', 'notify_url must not point to a private network address'],
      ['https://[::ffff:10.0.0.1]/', 'notify_url must not point to a private network address'],
      ['https://127.0.0.1:8443/n', "notify_url must not point to this server's loopback address"],
      ['https://[::1]/n', 'loopback'],
      ['https://localhost/n', 'loopback'],
      ['https://hooks.localhost/n', 'loopback'],
      ['https://169.254.169.254/latest/meta-data', 'a cloud metadata address'],
      ['https://metadata.google.internal/x', 'a cloud metadata address'],
      ['https://169.254.3.4/n', 'a link-local address'],
      ['https://shop:secret@merchant.example/n', 'notify_url must not carry a user or password'],
    ];
    const payinsBefore = await t.count('payins');
    for (const [url, words] of refusals) {
      const r = await payin(`nu-${url}`, '10.02', url);
      expect(r.status, url).toBe(400);
      expect(r.body.error?.code, url).toBe('bad_request');
      expect(r.body.error?.message, url).toContain(words);
    }
    expect(await t.count('payins')).toBe(payinsBefore);
    const payoutsBefore = await t.count('payouts');
    const payout = await t.api<{ error: { code: string; message: string } }>(
      'POST',
      '/api/v1/payouts',
      {
        amount: '10.00',
        currency: 'THB',
        order_id: 'nu-payout',
        bank_name: 'Test Bank',
        account_number: '123456',
        account_holder: 'A Holder',
        notify_url: 'https://192.168.1.20/hook',
      },
    );
    expect(payout.status).toBe(400);
    expect(payout.body.error.message).toBe(
      'notify_url must not point to a private network address',
    );
    expect(await t.count('payouts')).toBe(payoutsBefore);
  });

  it('does not change the answer of a request accepted before the rules refused its URL', async () => {
    const body = {
      amount: '10.02',
      currency: 'THB',
      order_id: 'nu-replayed',
      notify_url: 'http://127.0.0.1:9/hook',
    };
    setDemo(true);
    const first = await t.api('POST', '/api/v1/payins', body, { idempotencyKey: 'nu-replay' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    setDemo(false);
    const payinsBefore = await t.count('payins');
    // Signed anew (a signature is used once), the same request under the same key.
    const replay = await t.api('POST', '/api/v1/payins', body, {
      idempotencyKey: 'nu-replay',
      timestamp: Math.floor(Date.now() / 1000) - 5,
    });
    expect(replay).toEqual(first);
    // A new request with that URL is refused now.
    const fresh = await t.api<{ error: { message: string } }>('POST', '/api/v1/payins', body);
    expect(fresh.status).toBe(400);
    expect(fresh.body.error.message).toBe('notify_url must use https');
    expect(await t.count('payins')).toBe(payinsBefore);
  });

  it('is not looked up at the request: a name is judged at delivery', async () => {
    // .invalid never resolves (RFC 6761): accepted, since the intake asks no DNS.
    const r = await payin('nu-name', '10.02', 'https://merchant.invalid/notify');
    expect(r.status).toBe(201);
    expect(asked).not.toContain('merchant.invalid');
  });

  it('may be http and local in the demo', async () => {
    setDemo(true);
    const r = await payin('nu-demo', '10.02', `http://127.0.0.1:${port}/ok`);
    expect(r.status).toBe(201);
  });
});

describe('a delivery', () => {
  it('connects to the address it checked (demo: local allowed)', async () => {
    setDemo(true);
    const id = await paidPayin('dl-demo', `http://hooks.test:${port}/ok`);
    received.length = 0;
    await deliver();
    // hooks.test exists only in the test's resolver: the socket went where it answered.
    expect(received).toEqual([{ url: '/ok', host: `hooks.test:${port}` }]);
    expect(await notificationOf(id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('is refused when the name resolves inside (DNS rebinding), logged, and retried later', async () => {
    // Accepted at the request (a name, no DNS there); by delivery it points to this machine.
    const rebound = await paidPayin('dl-rebound', `https://hooks.test:${port}/ok`);
    const split = await paidPayin('dl-split', 'https://split.test/ok');
    const before = connections;
    await deliver();
    expect(connections).toBe(before);
    const [first] = await attemptsOf(rebound);
    expect(first).toMatchObject({ status: 'failed', http_status: null, attempt: 1 });
    expect(first!.error).toBe(
      "not sent: the notify URL must not point to this server's loopback address (hooks.test is 127.0.0.1)",
    );
    // One address inside among public ones is enough to refuse: any may be connected to.
    expect((await attemptsOf(split))[0]!.error).toBe(
      "not sent: the notify URL must not point to this server's loopback address (split.test is ::ffff:127.0.0.1)",
    );
    // A refusal is a failure like any: pending, tried again after its back-off.
    expect(await notificationOf(rebound)).toMatchObject({ status: 'pending', attempts: 1 });
    await deliver(new Date(Date.now() + 60_000));
    expect(await notificationOf(rebound)).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await attemptsOf(rebound)).toHaveLength(2);
    expect(connections).toBe(before);
  });

  it('is refused, without a lookup, for an IP literal inside saved before the rule', async () => {
    setDemo(true);
    const id = await paidPayin('dl-literal', 'https://10.0.0.5/hook');
    setDemo(false);
    asked.length = 0;
    await deliver();
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({
      status: 'failed',
      http_status: null,
      error: 'not sent: the notify URL must not point to a private network address',
    });
    expect(asked).not.toContain('10.0.0.5');
  });
});

describe('one POST of a notification', () => {
  const post = (path: string, strict = false, timeoutMs?: number) =>
    postNotification(
      new URL(`http://127.0.0.1:${port}${path}`),
      '{}',
      {},
      {
        strict,
        timeoutMs,
        resolve,
      },
    );

  it('does not follow a redirect: the 3xx is the answer', async () => {
    received.length = 0;
    const outcome = await post('/moved');
    expect(outcome).toMatchObject({ httpStatus: 302, error: '' });
    expect(received.map((r) => r.url)).toEqual(['/moved']);
  });

  it('ends at its time limit, the body included', async () => {
    expect(await post('/hang', false, 300)).toMatchObject({
      httpStatus: null,
      error: 'no answer within 300 ms',
    });
    // The status came at once; the body never ends, and the limit counts it.
    expect(await post('/trickle', false, 300)).toMatchObject({
      httpStatus: null,
      error: 'no answer within 300 ms',
    });
  });

  it('reads at most 4 KiB of an answer and closes the connection', async () => {
    // The body never ends: reading it all would end at the 5 s limit, not with a 200.
    const outcome = await post('/flood');
    expect(outcome).toMatchObject({ httpStatus: 200, error: '' });
    expect(outcome.excerpt).toBe('x'.repeat(500));
    await floodClosed;
  });

  it('verifies the receiver’s TLS certificate', async () => {
    const outcome = await postNotification(
      new URL(`https://127.0.0.1:${tlsPort}/hook`),
      '{}',
      {},
      { strict: false, resolve },
    );
    expect(outcome).toMatchObject({ httpStatus: null, error: 'could not connect' });
    expect(tlsRequests).toEqual([]);
  });

  it('keeps why it could not connect in the server log, never in what it answers', async () => {
    const logged: { details: { err?: Error }; message: string }[] = [];
    const log = { warn: (details: object, message: string) => logged.push({ details, message }) };
    // An open port that does not speak TLS: the handshake fails on what comes back.
    const outcome = await postNotification(
      new URL(`https://127.0.0.1:${port}/hook`),
      '{}',
      {},
      { strict: false, resolve, log },
    );
    expect(outcome.error).toBe('could not connect');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details.err).toBeInstanceOf(Error);
    expect(logged[0]!.details.err!.message).toMatch(/wrong version number|packet length/);
  });

  it('outside the demo, refuses before connecting what a request would be refused for', async () => {
    const before = connections;
    expect((await post('/ok', true)).error).toBe('not sent: the notify URL must use https');
    const literal = await postNotification(
      new URL(`https://127.0.0.1:${port}/ok`),
      '{}',
      {},
      {
        strict: true,
        resolve,
      },
    );
    expect(literal.error).toBe(
      "not sent: the notify URL must not point to this server's loopback address",
    );
    expect(connections).toBe(before);
  });
});
