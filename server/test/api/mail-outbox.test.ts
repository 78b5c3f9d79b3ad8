import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { renderMail } from '../../src/modules/mail/mail-content';
import { startMailPump } from '../../src/modules/mail/mail-pump';
import { sendDueMails, smtpTransportOf } from '../../src/modules/mail/mail-sender';
import { enqueueMail, NO_SMTP } from '../../src/modules/mail/outbox.queries';
import { SmtpInbox } from '../support/smtp-inbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

/**
 * The outbox keeps every mail until an SMTP server takes it: a server that is down for a while
 * gets the mail once it is back (retried with back-off, sent once), two senders sharing the
 * queue never send one mail twice, and without SMTP_URL mails are held for an administrator.
 */

let t: TestApp;
const inboxes: SmtpInbox[] = [];

beforeAll(async () => {
  // The background pump is off: each test drives the sending itself.
  t = await startTestApp({ NO_MONEY_JOBS: '1' });
});
afterAll(() => t?.close());
afterEach(async () => {
  await Promise.all(inboxes.splice(0).map((i) => i.stop()));
});

const startInbox = async (port = 0) => {
  const inbox = await new SmtpInbox().start(port);
  inboxes.push(inbox);
  return inbox;
};

const queue = (recipient: string, subject = `Hello ${recipient}`) =>
  t.db.transaction((tx) =>
    enqueueMail(tx, {
      kind: 'test',
      recipientAccountId: null,
      recipient,
      lang: 'en',
      content: renderMail('en', { subject, greeting: 'Hello,', paragraphs: ['Body'], footer: 'F' }),
    }),
  );

const mailRow = async (id: string) =>
  (
    await t.db.query<{ status: string; attempts: number; last_error: string }>(
      'SELECT status, attempts, last_error FROM mail_outbox WHERE id = $1',
      [id],
    )
  ).rows[0]!;

const mailConfig = (smtpUrl: string | undefined) => ({
  ...loadConfig({ SMTP_URL: smtpUrl ?? '' }, []),
  mailMaxAttempts: 12,
});

describe('the mail outbox', () => {
  it('keeps a mail while the SMTP server is down, then delivers it exactly once', async () => {
    const port = await freePort();
    const config = mailConfig(`smtp://127.0.0.1:${port}`);
    const transport = smtpTransportOf(config)!;
    const id = await queue('down@demo.test');
    const start = Date.now();
    // Down: two attempts fail, each pushing the next one back (5 s, then 10 s).
    expect(await sendDueMails(t.db, config, transport, new Date(start))).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await mailRow(id)).last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(await sendDueMails(t.db, config, transport, new Date(start + 1_000))).toBe(0);
    expect(await sendDueMails(t.db, config, transport, new Date(start + 6_000))).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'pending', attempts: 2 });
    // Back up on the same port.
    const inbox = await startInbox(port);
    expect(await sendDueMails(t.db, config, transport, new Date(start + 17_000))).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: '' });
    expect(await sendDueMails(t.db, config, transport, new Date(start + 3_600_000))).toBe(0);
    expect(inbox.mails.filter((m) => m.to.includes('down@demo.test'))).toHaveLength(1);
    transport.close();
  });

  it('two pumps sharing the queue send each mail once', async () => {
    const inbox = await startInbox();
    const config = mailConfig(inbox.url);
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => queue(`pair${i}@demo.test`)),
    );
    const log = { error: (o: unknown, m: string) => console.error(m, o) };
    const stops = [startMailPump(t.db, config, log), startMailPump(t.db, config, log)];
    await Promise.all(ids.map((id) => inbox.waitFor((m) => m.headers.get('x-outbox-id') === id)));
    await Promise.all(stops.map((stop) => stop()));
    const seen = inbox.mails.map((m) => m.headers.get('x-outbox-id'));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.includes(id!))).toHaveLength(ids.length);
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM mail_outbox WHERE id = ANY($1::uuid[]) AND status = 'sent' AND attempts = 1`,
      [ids],
    );
    expect(rows[0]!.n).toBe(40n);
  });

  it('holds mails without SMTP_URL, marked as not sent, until resent', async () => {
    const config = mailConfig(undefined);
    const id = await queue('nosmtp@demo.test');
    expect(await sendDueMails(t.db, config, smtpTransportOf(config))).toBeGreaterThanOrEqual(1);
    expect(await mailRow(id)).toMatchObject({ status: 'held', attempts: 0, last_error: NO_SMTP });
  });
});
