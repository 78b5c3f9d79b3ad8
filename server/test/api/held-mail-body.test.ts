import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logHeldLink } from '../../src/modules/auth/held-reset-link';
import { HIDDEN_TOKEN } from '../../src/modules/mail/held-mail-body';
import { loggedActions } from '../support/admin-log';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Forgot password on the embedded default (no SMTP_URL): the reset mail is held in the outbox,
 * and an administrator reads a held mail's body there (`getHeldMailBody`), its link hidden
 * whoever it was sent to; on the demo the link goes to the server log instead, only while no
 * SMTP is set.
 */

let t: TestApp;
let admin: { accessToken: string; accessUsername: string };
let asked = 0;
const LINK = /https:\/\/[^\s]+\/account\/reset-password#token=[\w-]+/;

/** The held reset mail of `email`, once the server's own pump has held it. */
async function heldResetMailOf(email: string): Promise<string> {
  const remoteAddress = `203.0.113.${(asked += 1)}`;
  const ask = await t.call('requestPasswordReset', { email }, { remoteAddress });
  expect(ask.status).toBe(200);
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM mail_outbox WHERE recipient = $1 AND kind = 'password_reset'
        ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    if (rows[0]?.status === 'held') return rows[0].id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no held reset mail for ${email}`);
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://bo.example.test' });
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t?.close());

describe('getHeldMailBody', () => {
  it("shows a held reset mail's body with its link hidden, and logs the read", async () => {
    const id = await heldResetMailOf('merchant@demo.test');
    const answer = await t.call<{ text_body: string; link_hidden: boolean }>('getHeldMailBody', {
      ...admin,
      id,
    });
    expect(answer.status).toBe(200);
    // An administrator may not take over the merchant's account through its reset link.
    expect(answer.data.link_hidden).toBe(true);
    expect(answer.data.text_body).toContain('Someone asked to reset the password');
    expect(answer.data.text_body).toContain(HIDDEN_TOKEN);
    expect(answer.data.text_body).not.toMatch(LINK);
    const logged = await loggedActions(t.db, 'outbox.body_read');
    expect(logged.at(-1)).toMatchObject({ target_id: id, after: { link_hidden: true } });
    expect(JSON.stringify(logged)).not.toContain('#token=');
  });

  it('hides the reset link of a mail to an admin account too', async () => {
    const id = await heldResetMailOf('admin2@demo.test');
    const answer = await t.call<{ text_body: string; link_hidden: boolean }>('getHeldMailBody', {
      ...admin,
      id,
    });
    expect(answer.data.link_hidden).toBe(true);
    expect(answer.data.text_body).toContain(HIDDEN_TOKEN);
    expect(answer.data.text_body).not.toMatch(LINK);
  });

  it('refuses a mail that is not held, an unknown id, and anyone but an administrator', async () => {
    const id = await heldResetMailOf('reseller@demo.test');
    await t.db.query(`UPDATE mail_outbox SET status = 'sent', sent_at = now() WHERE id = $1`, [id]);
    expect(await t.call('getHeldMailBody', { ...admin, id })).toMatchObject({ status: 409 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await t.call('getHeldMailBody', { ...admin, id: unknown })).toMatchObject({
      status: 404,
    });
    const held = await heldResetMailOf('merchant@demo.test');
    const before = (await loggedActions(t.db, 'outbox.body_read')).length;
    for (const email of ['merchant@demo.test', 'reseller@demo.test']) {
      const session = await t.signIn(email);
      const answer = await t.call('getHeldMailBody', { ...session, id: held });
      expect(answer).toMatchObject({ status: 403 });
      expect(JSON.stringify(answer)).not.toContain('#token=');
    }
    expect((await loggedActions(t.db, 'outbox.body_read')).length).toBe(before);
  });
});

describe('logHeldLink', () => {
  const logged = (config: { smtpUrl: string | undefined; seedDemo: boolean }) => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    logHeldLink(
      pino({ level: 'info' }, sink),
      config,
      'password reset',
      'a@b.test',
      'https://x/#token=T',
    );
    return out;
  };

  it('logs the link at info level on the demo without SMTP, never with SMTP or on a real server', () => {
    const line = JSON.parse(logged({ seedDemo: true, smtpUrl: undefined })) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ level: 30 });
    expect(String(line.msg)).toMatch(
      /^No SMTP_URL is set on this demo, so the password reset mail to a@b\.test stays held .*https:\/\/x\/#token=T$/,
    );
    expect(logged({ seedDemo: true, smtpUrl: 'smtp://mail.example.test:587' })).toBe('');
    expect(logged({ seedDemo: false, smtpUrl: undefined })).toBe('');
  });
});
