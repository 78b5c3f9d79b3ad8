import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueApprovalDigests } from '../../src/modules/alerts/alerts.service';
import { sendDueMails, smtpTransportOf } from '../../src/modules/mail/mail-sender';
import { SmtpInbox } from '../support/smtp-inbox';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  fundDemoMerchant,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';

/**
 * Work waiting (issue 30): money requests awaiting approval reach every admin who may approve
 * them as one digest per 15 minutes, never one mail per request; never a request of their own;
 * nothing new, no mail; an admin who turned the alert off gets none. Over real SMTP.
 */

const PUBLIC_URL = 'https://pay.example.test';
const MINUTE = 60_000;
let t: MoneyApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await new SmtpInbox().start();
  t = await startMoneyApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL,
    ALERT_WEBHOOK_URL: 'https://ops.example.test/hooks/alerts',
    ALERT_WEBHOOK_SECRET: 'digest-webhook-secret',
  });
  await fundDemoMerchant(t, 'digest-seed');
  await topUpDemoMerchant(t, '5000.00');
});
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

const digestsTo = async (email: string) =>
  (
    await t.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM mail_outbox
        WHERE kind = 'alert.approvals_waiting' AND recipient = $1 ORDER BY created_at`,
      [email],
    )
  ).rows;

/** The operations webhook's digests: its own, of every new waiting request. */
const webhookDigests = async () =>
  (
    await t.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM mail_outbox
        WHERE kind = 'alert.approvals_waiting' AND channel = 'webhook' ORDER BY created_at`,
    )
  ).rows;

const payout = (orderId: string) =>
  t.as(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount: '10.00',
    orderId,
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Somchai P.',
  });

describe('the approvals digest', () => {
  const start = Date.now() + 20 * MINUTE;
  const at = (minutes: number) => new Date(start + minutes * MINUTE);

  it('batches several requests into one mail per admin, never naming their own', async () => {
    await t.db.query(`UPDATE accounts SET lang = 'ar' WHERE email = $1`, [ADMIN2]);
    const topUp = await t.as(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      amount: '100.00',
    });
    expect(topUp.status).toBe(200);
    expect((await payout('digest-1')).status).toBe(200);
    expect((await payout('digest-2')).status).toBe(200);
    // ADMIN, ADMIN2, the demo's third admin (issue 40) and the webhook.
    expect(await queueApprovalDigests(t.db, t.config, at(0))).toBe(4);
    const [mine] = await digestsTo(ADMIN);
    const [theirs] = await digestsTo(ADMIN2);
    // ADMIN asked for the top-up: only the two pay-outs are theirs to approve.
    expect(mine!.subject).toBe('2 requests wait for your approval');
    expect(mine!.text_body).toContain(`Pay-outs: 2: ${PUBLIC_URL}/payouts/pending-list`);
    expect(mine!.text_body).not.toContain('Top-ups');
    expect(theirs!.subject).toBe('3 طلبات بانتظار موافقتك');
    expect(theirs!.text_body).toContain(`عمليات الشحن: 1: ${PUBLIC_URL}/top-up/list`);
    // The webhook's digest names every new waiting request, in English.
    const [hook] = await webhookDigests();
    expect(hook!.subject).toBe('3 requests wait for your approval');
    expect(JSON.parse(hook!.text_body)).toMatchObject({
      kind: 'alert.approvals_waiting',
      link: `${PUBLIC_URL}/payouts/pending-list`,
    });
    // Sent over SMTP: one mail each, the queues linked.
    const transport = smtpTransportOf(t.config)!;
    await sendDueMails(t.db, t.config, transport);
    transport.close();
    const mail = await inbox.waitFor((m) => m.to.includes(ADMIN2) && m.subject.includes('موافقتك'));
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/payouts/pending-list"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/top-up/list"`);
  });

  it('sends nothing when nothing new waits, and at most one digest per 15 minutes', async () => {
    expect(await queueApprovalDigests(t.db, t.config, at(20))).toBe(0);
    expect((await payout('digest-3')).status).toBe(200);
    // Within 15 minutes of the last digest: held back.
    expect(await queueApprovalDigests(t.db, t.config, at(10))).toBe(0);
    expect(await queueApprovalDigests(t.db, t.config, at(16))).toBe(4);
    const latest = (await digestsTo(ADMIN)).at(-1)!;
    expect(latest.subject).toBe('1 request waits for your approval');
    expect(await digestsTo(ADMIN)).toHaveLength(2);
    expect(await digestsTo(ADMIN2)).toHaveLength(2);
    expect((await webhookDigests()).map((d) => d.subject)).toEqual([
      '3 requests wait for your approval',
      '1 request waits for your approval',
    ]);
  });

  it('honours an admin who turned the digest off', async () => {
    const off = await t.as(ADMIN2, 'saveAlertPreference', {
      kind: 'approvals_waiting',
      enabled: '0',
    });
    expect(off.status).toBe(200);
    expect((await payout('digest-4')).status).toBe(200);
    // ADMIN, the third admin and the webhook.
    expect(await queueApprovalDigests(t.db, t.config, at(40))).toBe(3);
    expect(await digestsTo(ADMIN)).toHaveLength(3);
    expect(await digestsTo(ADMIN2)).toHaveLength(2);
  });
});
