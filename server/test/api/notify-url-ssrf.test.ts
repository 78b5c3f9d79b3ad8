import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueNotifications } from '../../src/modules/merchant-notifications/notifier';
import { MERCHANT, startMoneyApp, type MoneyApp } from '../money/support/money-app';

/**
 * A security probe's SSRF findings (issue 23), over HTTP on a server without the demo (strict
 * notify URLs): a notify URL at this server's own non-loopback address, or at an IPv6 address
 * carrying an inside IPv4 address, is refused at saving, at the test notification, on the
 * merchant API and at delivery; and a test notification or a delivery that could not connect
 * says only that, so it cannot tell an open port from a closed one (a port scanner).
 */

let t: MoneyApp;
/** A plain-http receiver on every interface: an open port that does not speak TLS. */
let plain: Server;
let openPort = 0;
let closedPort = 0;
let connections = 0;

/** This machine's first non-loopback address, as a URL host (link-local needs a zone: not it). */
const OWN_HOST = (() => {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const usable = all.filter((a) => !a.internal && !a.address.startsWith('fe80:'));
  const own = usable.find((a) => a.family === 'IPv4') ?? usable[0];
  if (!own) return null;
  return own.family === 'IPv4' ? own.address : `[${own.address}]`;
})();
const NO_OWN = ' (skipped: this machine has no non-loopback address)';

const setDemo = (demo: boolean) => {
  (t.config as { seedDemo: boolean }).seedDemo = demo;
};

beforeAll(async () => {
  t = await startMoneyApp();
  plain = createServer((_req, res) => res.end('plain http'));
  plain.on('connection', () => connections++);
  await new Promise<void>((r) => plain.listen(0, r));
  openPort = (plain.address() as AddressInfo).port;
  // A port just listened on and closed again: nothing answers there.
  const gone = createServer();
  await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise((r) => gone.close(r));
});
afterAll(async () => {
  await t.close();
  plain.closeAllConnections();
  await new Promise((r) => plain.close(r));
});
afterEach(() => setDemo(false));

const save = (notifyUrl: string) => t.as(MERCHANT, 'setMerchantNotifyUrl', { notifyUrl });
const sendTest = (notifyUrl: string) =>
  t.as<{ http_status: number | null; error: string }>(MERCHANT, 'sendMerchantTestNotification', {
    notifyUrl,
  });
const payin = (order: string, notifyUrl: string, amount = '10.02') =>
  t.api<{ id: string; error?: { message: string } }>('POST', '/api/v1/payins', {
    amount,
    currency: 'THB',
    order_id: order,
    notify_url: notifyUrl,
  });

/** Expects `url` refused with `words` at saving, at the test notification and on the API. */
async function expectRefusedEverywhere(url: string, words: string) {
  const saved = await save(url);
  expect(saved.status, url).toBe(400);
  expect(saved.message, url).toBe(`notifyUrl must not point to ${words}`);
  const tested = await sendTest(url);
  expect(tested.status, url).toBe(400);
  expect(tested.message, url).toBe(`notifyUrl must not point to ${words}`);
  const requested = await payin(`ssrf-${url}`, url);
  expect(requested.status, url).toBe(400);
  expect(requested.body.error?.message, url).toBe(`notify_url must not point to ${words}`);
}

/** Delivers what is due (strict unless the test set the demo) and answers refId's attempts. */
async function deliveredAttempts(refId: string) {
  await deliverDueNotifications(t.db, { ...t.config, notifyMaxAttempts: 5 });
  const log = await t.as<{ rows: { ref_id: string; http_status: number | null; error: string }[] }>(
    MERCHANT,
    'getMerchantNotificationLog',
    { search: refId },
  );
  return log.data.rows;
}

/** A pay-in accepted in the demo (where local URLs are), paid at once, its notification queued. */
async function queuedInDemo(order: string, notifyUrl: string) {
  setDemo(true);
  const r = await payin(order, notifyUrl, '50.03');
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await t.sandbox.idle();
  return r.body.id;
}

describe("this server's own address", () => {
  it.skipIf(!OWN_HOST)(
    `is refused at saving, at the test notification and on the merchant API${OWN_HOST ? '' : NO_OWN}`,
    async () => {
      const before = connections;
      await expectRefusedEverywhere(
        `https://${OWN_HOST}:${openPort}/`,
        "this server's own address",
      );
      expect(connections).toBe(before);
    },
  );

  it.skipIf(!OWN_HOST)(
    `is refused at delivery, without connecting${OWN_HOST ? '' : NO_OWN}`,
    async () => {
      const id = await queuedInDemo('ssrf-own', `https://${OWN_HOST}:${openPort}/ok`);
      setDemo(false);
      const before = connections;
      const [attempt] = await deliveredAttempts(id);
      expect(attempt).toMatchObject({
        http_status: null,
        error: "not sent: the notify URL must not point to this server's own address",
      });
      expect(connections).toBe(before);
    },
  );
});

describe('an IPv6 address carrying an IPv4 address, and the documentation ranges', () => {
  it('are judged by the IPv4 address they carry, at saving, testing and on the API', async () => {
    const refusals: [string, string][] = [
      ['https://[64:ff9b::a9fe:a9fe]/latest/meta-data/', 'a cloud metadata address'],
      ['https://[64:ff9b::10.0.0.1]/', 'a private network address'],
      ['https://[2002:a9fe:a9fe::1]/', 'a cloud metadata address'],
      ['https://[2002:7f00:1::1]/', "this server's loopback address"],
      ['https://[64:ff9b:1::5db8:d70e]/', 'a reserved address'],
      ['https://192.0.2.10/', 'a reserved address'],
      ['https://198.51.100.7/', 'a reserved address'],
      ['https://203.0.113.9/', 'a reserved address'],
      ['https://[2001:db8::1]/', 'a reserved address'],
    ];
    for (const [url, words] of refusals) await expectRefusedEverywhere(url, words);
    // NAT64 of a public IPv4 address is that address: allowed (a literal: no DNS asked).
    const nat64 = await save('https://[64:ff9b::5db8:d70e]/notify');
    expect(nat64.status, nat64.message).toBe(200);
  });

  it('is refused at delivery, not connected to', async () => {
    const id = await queuedInDemo('ssrf-nat64', 'https://[64:ff9b::a9fe:a9fe]/latest/meta-data/');
    setDemo(false);
    const [attempt] = await deliveredAttempts(id);
    expect(attempt).toMatchObject({
      http_status: null,
      error: 'not sent: the notify URL must not point to a cloud metadata address',
    });
  });
});

describe('a connection that fails', () => {
  it('reads "could not connect" at the test notification, closed port or open non-TLS one', async () => {
    // The demo allows local receivers: the only way to aim at ports of this machine.
    setDemo(true);
    const closed = await sendTest(`https://127.0.0.1:${closedPort}/`);
    const open = await sendTest(`https://127.0.0.1:${openPort}/`);
    for (const answer of [closed, open]) {
      expect(answer.status, answer.message).toBe(200);
      expect(answer.data).toMatchObject({ http_status: null, error: 'could not connect' });
    }
  });

  it('reads the same in the notification log, while an HTTP answer keeps its status', async () => {
    const closed = await queuedInDemo('ssrf-closed', `https://127.0.0.1:${closedPort}/`);
    const open = await queuedInDemo('ssrf-open', `https://127.0.0.1:${openPort}/`);
    const answered = await queuedInDemo('ssrf-http', `http://127.0.0.1:${openPort}/`);
    const [closedAttempt] = await deliveredAttempts(closed);
    const [openAttempt] = await deliveredAttempts(open);
    const [answeredAttempt] = await deliveredAttempts(answered);
    expect(closedAttempt).toMatchObject({ http_status: null, error: 'could not connect' });
    expect(openAttempt).toMatchObject({ http_status: null, error: 'could not connect' });
    expect(answeredAttempt).toMatchObject({ http_status: 200, error: '' });
  });
});
