import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../support/otp';
import { SmtpInbox, type ReceivedMail } from '../support/smtp-inbox';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * The security alerts of issue 30, over real SMTP: a password changed (by its owner or by a
 * reset link), 2FA turned off, and an API key created, rolled or revoked each mail the account
 * (a key's merchant) at once, in its language, from the outbox of the change's transaction; a
 * refused change mails nothing.
 */

const PUBLIC_URL = 'https://pay.example.test';
const IP = '203.0.113.44';
let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await new SmtpInbox().start();
  t = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

/** The next mail to `email` with `subject`, once it arrives. */
const alertTo = (email: string, subject: string) =>
  inbox.waitFor((m) => m.to.includes(email) && m.subject === subject);

const expectAlert = (mail: ReceivedMail, lang: string, path: string) => {
  expect(mail.html).toContain(`<html lang="${lang}"`);
  expect(mail.text).toContain(IP);
  expect(mail.text).toContain(`${PUBLIC_URL}${path}`);
  expect(mail.html).toContain(`href="${PUBLIC_URL}${path}"`);
};

const as = (session: { accessToken: string; accessUsername: string }, fields = {}) => ({
  ...session,
  ...fields,
});
const from = { remoteAddress: IP };

describe('security alerts', () => {
  it('tells of a password changed by its owner, and not of a refused change', async () => {
    const merchant = await t.signIn('merchant@demo.test');
    const refused = await t.call(
      'changePassword',
      as(merchant, { currentPassword: 'not-it#2026X', newPassword: 'Changed#Pass2026' }),
      from,
    );
    expect(refused.status).not.toBe(200);
    const changed = await t.call(
      'changePassword',
      as(merchant, { currentPassword: DEMO_PASSWORD, newPassword: 'Changed#Pass2026' }),
      from,
    );
    expect(changed.status).toBe(200);
    const mail = await alertTo('merchant@demo.test', 'Your password was changed');
    expectAlert(mail, 'en', '/account/forgot-password');
    expect(mail.text).toContain('If it was not you, reset your password at once');
    const { rows } = await t.db.query<{ kind: string }>(
      `SELECT kind FROM mail_outbox WHERE recipient = 'merchant@demo.test'`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['security.password_changed']);
  });

  it('tells of a password set through a reset link, in the account’s language', async () => {
    await t.db.query(`UPDATE accounts SET lang = 'ar' WHERE email = 'merchant2@demo.test'`);
    await t.call('requestPasswordReset', { email: 'merchant2@demo.test' }, from);
    const link = await alertTo('merchant2@demo.test', 'إعادة تعيين كلمة المرور');
    const token = /#token=([\w-]+)/.exec(link.text)![1]!;
    const reset = await t.call('resetPassword', { token, password: 'Reset#Pass2026' }, from);
    expect(reset.status).toBe(200);
    const mail = await alertTo('merchant2@demo.test', 'تم تغيير كلمة المرور');
    expectAlert(mail, 'ar', '/account/forgot-password');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('tells of 2FA turned off', async () => {
    await t.db.query(`UPDATE accounts SET lang = 'fr' WHERE email = 'reseller@demo.test'`);
    const reseller = await t.signIn('reseller@demo.test');
    // 2FA on, as enableOtp leaves it (its own test is two-factor.test.ts).
    const secret = 'JBSWY3DPEHPK3PXP';
    await t.db.query(
      `UPDATE accounts SET otp_enabled = true, otp_secret = $1 WHERE email = 'reseller@demo.test'`,
      [secret],
    );
    const off = await t.call('disableOtp', as(reseller, { code: totpCode(secret) }), from);
    expect(off.status).toBe(200);
    const mail = await alertTo(
      'reseller@demo.test',
      'L’authentification à deux facteurs a été désactivée',
    );
    expectAlert(mail, 'fr', '/security');
  });

  it('tells a merchant of every API key created, rolled or revoked, by its name', async () => {
    const merchant = await t.signIn('merchant3@demo.test');
    const made = await t.call<{ key: { key_id: string } }>(
      'createMerchantApiKey',
      as(merchant, { name: 'Shop <live>' }),
      from,
    );
    expect(made.status).toBe(200);
    const created = await alertTo('merchant3@demo.test', 'An API key was created');
    expectAlert(created, 'en', '/merchant-settings');
    expect(created.text).toContain('“Shop <live>”');
    expect(created.html).toContain('“Shop &lt;live&gt;”');
    const rolled = await t.call<{ key: { key_id: string } }>(
      'rollMerchantApiKey',
      as(merchant, { keyId: made.data.key.key_id, window: '1h' }),
      from,
    );
    expect(rolled.status).toBe(200);
    expectAlert(
      await alertTo('merchant3@demo.test', 'An API key was rolled'),
      'en',
      '/merchant-settings',
    );
    const revoked = await t.call(
      'revokeMerchantApiKey',
      as(merchant, { keyId: rolled.data.key.key_id }),
      from,
    );
    expect(revoked.status).toBe(200);
    expectAlert(
      await alertTo('merchant3@demo.test', 'An API key was revoked'),
      'en',
      '/merchant-settings',
    );
    // A refused change (the key is revoked already) mails nothing.
    const again = await t.call(
      'revokeMerchantApiKey',
      as(merchant, { keyId: rolled.data.key.key_id }),
      from,
    );
    expect(again.status).toBe(409);
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM mail_outbox WHERE recipient = 'merchant3@demo.test'`,
    );
    expect(rows[0]!.n).toBe(3n);
  });

  it("tells the old email when an administrator changes an account's email, and the owner when one turns its 2FA off", async () => {
    const admin = await t.signIn('admin@demo.test');
    const { rows } = await t.db.query<{ account_db_code: string; name: string }>(
      `SELECT account_db_code, name FROM accounts WHERE email = 'merchant4@demo.test'`,
    );
    const { account_db_code: code, name } = rows[0]!;
    const edit = (email: string) =>
      t.call(
        'updateAccount',
        as(admin, {
          accountDbCode: code,
          name,
          email,
          modules: 'payin,payout',
          currencies: 'THB',
        }),
        from,
      );
    const kinds = async (recipient: string) =>
      (
        await t.db.query<{ kind: string }>(
          'SELECT kind FROM mail_outbox WHERE recipient = $1 ORDER BY created_at',
          [recipient],
        )
      ).rows.map((r) => r.kind);
    // The same email, differently written: no change to tell.
    expect((await edit('Merchant4@Demo.test')).status).toBe(200);
    expect(await kinds('merchant4@demo.test')).toEqual([]);
    expect((await edit('new.owner@example.test')).status).toBe(200);
    const mail = await alertTo('merchant4@demo.test', 'The email of your account was changed');
    expectAlert(mail, 'en', '/login');
    expect(await kinds('merchant4@demo.test')).toEqual(['security.email_changed']);
    expect(await kinds('new.owner@example.test')).toEqual([]);

    await t.db.query(
      `UPDATE accounts SET otp_enabled = true, otp_secret = 'JBSWY3DPEHPK3PXP' WHERE account_db_code = $1`,
      [code],
    );
    expect((await t.call('resetAccountOtp', as(admin, { accountDbCode: code }), from)).status).toBe(
      200,
    );
    expectAlert(
      await alertTo('new.owner@example.test', 'Two-factor authentication was turned off'),
      'en',
      '/security',
    );
  });
});
