import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedActions } from '../support/admin-log';
import { SmtpInbox, type ReceivedMail } from '../support/smtp-inbox';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { RESET_REQUEST_FLOOR_MS } from '../../src/modules/auth/password-reset.service';

/**
 * Forgot password end to end over real SMTP: the request queues a mail in the outbox, the
 * server's own mail pump sends it to an SMTP server in this process, and the link it carries
 * sets a new password once.
 */

const PUBLIC_URL = 'https://pay.example.test';
const NEW_PASSWORD = 'Fresh#Password2026';
let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await new SmtpInbox().start();
  t = await startTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Back Office <no-reply@pay.example.test>',
    PUBLIC_URL,
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

/** Asks for a reset from its own address (so the per-address limit stays out of the way). */
const ask = (email: string, remoteAddress = '203.0.113.10') =>
  t.call('requestPasswordReset', { email }, { remoteAddress });

const mailTo = (email: string, after = 0) =>
  inbox.waitFor((m) => m.to.includes(email) && inbox.mails.indexOf(m) >= after);

const tokenOf = (mail: ReceivedMail) => {
  const link = /https:\/\/pay\.example\.test\/account\/reset-password#token=([\w-]+)/.exec(
    mail.text,
  );
  if (!link) throw new Error(`no reset link in ${mail.text}`);
  return link[1]!;
};

describe('requestPasswordReset', () => {
  it('mails a link in both parts, in English, from MAIL_FROM', async () => {
    const answer = await ask('merchant@demo.test');
    expect(answer).toMatchObject({ status: 200, data: {} });
    const mail = await mailTo('merchant@demo.test');
    expect(mail.headers.get('from')).toBe('Back Office <no-reply@pay.example.test>');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const token = tokenOf(mail);
    // 32 random bytes: 256 bits.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/account/reset-password#token=${token}"`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    // The token is stored only as its hash.
    const { rows } = await t.db.query<{ hashed: bigint; plain: bigint }>(
      `SELECT count(*) FILTER (WHERE token_hash = $1) AS hashed,
              count(*) FILTER (WHERE position(convert_to($2, 'UTF8') IN token_hash) > 0) AS plain
         FROM password_reset_tokens`,
      [createHash('sha256').update(token).digest(), token],
    );
    expect(rows[0]).toEqual({ hashed: 1n, plain: 0n });
  });

  it("writes in the account's language, right to left in Arabic, its name escaped", async () => {
    await t.db.query(
      `UPDATE accounts SET lang = 'ar', name = 'Ali <b>&</b>' WHERE email = 'merchant2@demo.test'`,
    );
    await ask('merchant2@demo.test');
    const mail = await mailTo('merchant2@demo.test');
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور');
    expect(mail.text).toContain('مرحبًا Ali <b>&</b>،');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('Ali &lt;b&gt;&amp;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>&</b>');
  });

  it('answers an unknown email as a known one, after about the same time, and mails nothing', async () => {
    const before = inbox.mails.length;
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await ask(email, '203.0.113.11');
      return { answer, ms: performance.now() - started };
    };
    const known = await timed('merchant3@demo.test');
    const unknown = await timed('nobody@demo.test');
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(unknown.answer.message).toBe(known.answer.message);
    expect(unknown.answer.data).toEqual(known.answer.data);
    // Both wait for the floor, which is what makes them alike (the known email's work is far
    // shorter). How close the two come on a given machine is a figure, not a test: on a loaded
    // one, a pause in either request would fail a bound on their difference.
    expect(known.ms).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 5);
    await mailTo('merchant3@demo.test', before);
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM mail_outbox WHERE recipient = 'nobody@demo.test'`,
    );
    expect(rows[0]!.n).toBe(0n);
  });

  it('mails nothing to a disabled account, or to a sub-account whose parent is disabled', async () => {
    await t.db.query(`UPDATE accounts SET status = 'disabled' WHERE email = 'merchant4@demo.test'`);
    const sub = await t.db.query<{ parent_account_id: string }>(
      `SELECT parent_account_id FROM accounts WHERE email = 'sub@demo.test'`,
    );
    await t.db.query(`UPDATE accounts SET status = 'disabled' WHERE id = $1`, [
      sub.rows[0]!.parent_account_id,
    ]);
    expect((await ask('merchant4@demo.test', '203.0.113.12')).status).toBe(200);
    expect((await ask('sub@demo.test', '203.0.113.12')).status).toBe(200);
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM mail_outbox WHERE recipient IN ('merchant4@demo.test', 'sub@demo.test')`,
    );
    expect(rows[0]!.n).toBe(0n);
    await t.db.query(`UPDATE accounts SET status = 'active' WHERE id = $1`, [
      sub.rows[0]!.parent_account_id,
    ]);
  });

  it('refuses with 429 past the sign-in limits per email, then per address', async () => {
    // Five per email in the window (LOGIN_MAX_FAILURES_PER_ACCOUNT), each from another address.
    // Sent together (each answer takes RESET_REQUEST_FLOOR_MS): all are counted before the next.
    const fromFive = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => ask('reseller2@demo.test', `198.18.0.${i}`)),
    );
    expect(fromFive.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await ask('reseller2@demo.test', '198.18.0.99');
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many password reset requests for this email, try again in 15 minutes',
    });
    // Twenty per address (LOGIN_MAX_FAILURES_PER_ADDRESS), each for another email.
    const forTwenty = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(`someone${i}@demo.test`, '198.18.1.1')),
    );
    expect(forTwenty.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await ask('someone-else@demo.test', '198.18.1.1')).toMatchObject({
      status: 429,
      message: 'Too many password reset requests from your address, try again in 15 minutes',
    });
  });
});

describe('resetPassword', () => {
  it('sets the password once, revokes every session, logs it, and keeps 2FA asked', async () => {
    const email = 'merchant5@demo.test';
    const sessionA = await t.signIn(email);
    const sessionB = await t.signIn(email);
    await t.db.query(
      `UPDATE accounts SET otp_enabled = true, otp_secret = 'JBSWY3DPEHPK3PXP' WHERE email = $1`,
      [email],
    );
    const before = inbox.mails.length;
    await ask(email, '203.0.113.20');
    const token = tokenOf(await mailTo(email, before));

    const weak = await t.call('resetPassword', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.message).toMatch(/^password: /);

    expect(await t.call('resetPassword', { token, password: NEW_PASSWORD })).toMatchObject({
      status: 200,
      data: {},
    });
    for (const session of [sessionA, sessionB]) {
      expect((await t.call('getUserFullData', session)).status).toBe(440);
    }
    const reused = await t.call('resetPassword', { token, password: 'Another#Password2026' });
    expect(reused).toMatchObject({
      status: 400,
      message: 'This password reset link is not valid or has expired; please ask for a new one',
    });
    expect((await t.call('login', { email, password: DEMO_PASSWORD })).status).toBe(403);
    const login = await t.call<{ next_step: string }>('login', { email, password: NEW_PASSWORD });
    expect(login.data.next_step).toBe('otp_verify');
    const logged = await loggedActions(t.db, 'password.reset');
    expect(logged).toContainEqual(
      expect.objectContaining({ actor_username: 'merchant5', after: { sessions_revoked: 2 } }),
    );
  });

  it('refuses an older token once a new one was asked for, and an expired one', async () => {
    const email = 'reseller@demo.test';
    const before = inbox.mails.length;
    await ask(email, '203.0.113.30');
    const first = tokenOf(await mailTo(email, before));
    const between = inbox.mails.length;
    await ask(email, '203.0.113.30');
    const second = tokenOf(await mailTo(email, between));
    expect(second).not.toBe(first);
    expect((await t.call('resetPassword', { token: first, password: NEW_PASSWORD })).status).toBe(
      400,
    );
    // Thirty minutes pass.
    await t.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'
        WHERE used_at IS NULL`,
    );
    expect((await t.call('resetPassword', { token: second, password: NEW_PASSWORD })).status).toBe(
      400,
    );
    expect((await t.call('login', { email, password: DEMO_PASSWORD })).status).toBe(200);
  });
});
