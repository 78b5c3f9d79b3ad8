import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  webhookSignature,
} from '../../src/modules/mail/mail.service';
import { webhookBody } from '../../src/modules/mail/webhook-alert';
import { postWebhook, sendDueWebhooks } from '../../src/modules/mail/webhook-sender';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * The operations webhook (issue 30): every alert also goes to ALERT_WEBHOOK_URL as JSON signed
 * with HMAC-SHA256, through the outbox (channel 'webhook', retried with back-off, listed on
 * /admin-outbox), under the notify URLs' SSRF rules; a Slack-compatible body is an option.
 * A real HTTP server on this machine receives it and checks the signature as a receiver would.
 */

const SECRET = 'a-webhook-secret-of-the-tests';
const PUBLIC_URL = 'https://pay.example.test';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** An HTTP receiver answering each POST with the next of `statuses` (then 200), keeping them. */
class Receiver {
  readonly received: Received[] = [];
  statuses: number[] = [];
  private server: Server | null = null;
  private waiters: (() => void)[] = [];
  port = 0;

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = this.statuses.shift() ?? 200;
        res.end('ok');
        this.waiters.splice(0).forEach((w) => w());
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/ops/alerts`;
  }

  stop() {
    return new Promise((resolve) => this.server?.close(resolve));
  }
}

/** Verifies a delivery as the docs tell a receiver to: HMAC-SHA256 of `<timestamp>.<body>`. */
function verify(r: Received, secret: string): boolean {
  const timestamp = String(r.headers[TIMESTAMP_HEADER]);
  const given = Buffer.from(String(r.headers[SIGNATURE_HEADER]));
  const expected = Buffer.from(`sha256=${webhookSignature(secret, timestamp, r.body)}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await new Receiver().start();
  t = await startTestApp({
    NO_MONEY_JOBS: '1',
    PUBLIC_URL,
    ALERT_WEBHOOK_URL: receiver.url,
    ALERT_WEBHOOK_SECRET: SECRET,
    NOTIFY_ALLOW_LOCAL: '1',
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const webhookRows = async () =>
  (
    await t.db.query<{
      id: string;
      kind: string;
      status: string;
      attempts: number;
      last_error: string;
    }>(
      `SELECT id, kind, status, attempts, last_error FROM mail_outbox WHERE channel = 'webhook'
        ORDER BY created_at`,
    )
  ).rows;

describe('the operations webhook', () => {
  it('gets a security alert as signed JSON, retried until it answers 2xx, once', async () => {
    const merchant = await t.signIn('merchant@demo.test');
    const changed = await t.call('changePassword', {
      ...merchant,
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Webhook#Pass2026',
    });
    expect(changed.status).toBe(200);
    const [row] = await webhookRows();
    expect(row).toMatchObject({ kind: 'security.password_changed', status: 'pending' });
    // The receiver fails once (HTTP 503): the row waits for its back-off, then goes once.
    receiver.statuses = [503];
    const now = Date.now();
    expect(await sendDueWebhooks(t.db, t.config, new Date(now))).toBe(1);
    expect((await webhookRows())[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'HTTP 503',
    });
    expect(await sendDueWebhooks(t.db, t.config, new Date(now + 1_000))).toBe(0);
    expect(await sendDueWebhooks(t.db, t.config, new Date(now + 6_000))).toBe(1);
    expect((await webhookRows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: '' });
    expect(await sendDueWebhooks(t.db, t.config, new Date(now + 3_600_000))).toBe(0);
    expect(receiver.received).toHaveLength(2);
    const delivered = receiver.received[1]!;
    expect(delivered.headers['content-type']).toBe('application/json');
    expect(verify(delivered, SECRET)).toBe(true);
    expect(verify(delivered, 'another-secret-entirely')).toBe(false);
    expect(JSON.parse(delivered.body)).toMatchObject({
      kind: 'security.password_changed',
      subject: 'Your password was changed',
      link: `${PUBLIC_URL}/account/forgot-password`,
      account: 'merchant@demo.test',
    });
  });

  it('two senders sharing the outbox POST each webhook row once', async () => {
    const before = receiver.received.length;
    const merchant = await t.signIn('merchant3@demo.test');
    for (const name of ['Key one', 'Key two', 'Key three'])
      expect((await t.call('createMerchantApiKey', { ...merchant, name })).status).toBe(200);
    const now = new Date(Date.now() + 60_000);
    const [a, b] = await Promise.all([
      sendDueWebhooks(t.db, t.config, now),
      sendDueWebhooks(t.db, t.config, now),
    ]);
    expect(a + b).toBe(3);
    const bodies = receiver.received
      .slice(before)
      .map((r) => JSON.parse(r.body) as { text: string });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((x) => x.text)).size).toBe(3);
    expect(bodies.every((x) => x.text.includes('was created'))).toBe(true);
  });

  it('is listed on /admin-outbox as a webhook row, its URL not shown', async () => {
    const admin = await t.signIn('admin@demo.test');
    const page = await t.call<{ rows: { channel: string; recipient: string; status: string }[] }>(
      'getOutbox',
      { ...admin, search: 'webhook' },
    );
    expect(page.status).toBe(200);
    expect(page.data.rows).toContainEqual(
      expect.objectContaining({
        channel: 'webhook',
        recipient: `webhook: 127.0.0.1:${receiver.port}`,
        status: 'sent',
      }),
    );
    expect(JSON.stringify(page.data)).not.toContain('/ops/alerts');
  });

  it('keeps to the notify URLs’ rules: an address inside is refused outside the sandbox', async () => {
    const before = receiver.received.length;
    const strict = { ...t.config, notifyAllowLocal: false, seedDemo: false };
    const outcome = await postWebhook(strict, { text_body: '{}' });
    expect(outcome).toMatchObject({ sent: false });
    expect(outcome.sent ? '' : outcome.error).toMatch(/^not sent: /);
    expect(receiver.received).toHaveLength(before);
  });

  it('can send a Slack-compatible body, signed the same way', async () => {
    const body = webhookBody('slack', {
      kind: 'alert.gateway_health',
      subject: 'Gateway G1 was deactivated',
      text: 'The health rule “Failing” deactivated it.',
      link: `${PUBLIC_URL}/payment-gateway/monitoring`,
      at: new Date(),
    });
    const outcome = await postWebhook(t.config, { text_body: body });
    expect(outcome).toEqual({ sent: true, messageId: 'HTTP 200' });
    const got = receiver.received.at(-1)!;
    expect(verify(got, SECRET)).toBe(true);
    expect(JSON.parse(got.body)).toEqual({
      text: `*Gateway G1 was deactivated*\nThe health rule “Failing” deactivated it.\n<${PUBLIC_URL}/payment-gateway/monitoring|Open>`,
    });
  });
});
