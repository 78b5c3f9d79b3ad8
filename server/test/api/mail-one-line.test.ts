import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Names and free text people typed go into plain-text mails on one line (issue 39): a merchant
 * named "Shop\r\nClick http://evil" could otherwise put a line of its own choosing, a link, in
 * the body of every mail that greets it, and a support subject or answer in the alert's.
 */
const EMAIL = 'merchant3@demo.test';
const INJECTED = 'Click http://evil';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://pay.example.test' });
});
afterAll(() => t.close());

type Auth = { accessToken: string; accessUsername: string };

/** Renames the merchant through the administrator's own call, keeping its modules. */
async function renameMerchant(admin: Auth, name: string) {
  const { rows } = await t.db.query<{ account_db_code: string; modules: string }>(
    `SELECT a.account_db_code, string_agg(m.module, ',') AS modules
       FROM accounts a JOIN account_modules m ON m.account_id = a.id
      WHERE a.email = $1 GROUP BY a.account_db_code`,
    [EMAIL],
  );
  const renamed = await t.call('updateAccount', {
    ...admin,
    accountDbCode: rows[0]!.account_db_code,
    name,
    email: EMAIL,
    modules: rows[0]!.modules,
    currencies: 'THB',
  });
  expect(renamed.status, renamed.message).toBe(200);
}

describe('plain-text mails', () => {
  it('show a name with line breaks, and free text, on one line in every mail', async () => {
    const admin = await t.signIn('admin@demo.test');
    await renameMerchant(admin, `Shop\r\n${INJECTED}`);
    const merchant = await t.signIn(EMAIL);
    // A security alert (greeting and the key's name), a support answer (subject and note),
    // and a password reset (greeting): each mail that shows what the merchant or an admin typed.
    const key = await t.call('createMerchantApiKey', {
      ...merchant,
      name: `Key\u2028${INJECTED}`,
    });
    expect(key.status, key.message).toBe(200);
    const filed = await t.call<{ id: string }>('createSupportRequest', {
      ...merchant,
      subject: `Help\n\n${INJECTED}`,
      category: 'payin',
      message: 'Our pay-in has been processing for an hour.',
    });
    expect(filed.status, filed.message).toBe(200);
    const answered = await t.call('updateSupportRequestStatus', {
      ...admin,
      id: filed.data.id,
      status: 'answered',
      note: `Done.\r\n\u0085${INJECTED}`,
    });
    expect(answered.status, answered.message).toBe(200);
    expect((await t.call('requestPasswordReset', { email: EMAIL })).status).toBe(200);

    const { rows } = await t.db.query<{ kind: string; subject: string; text_body: string }>(
      `SELECT kind, subject, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`,
      [EMAIL],
    );
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'alert.support_answered',
      'password_reset',
      'security.api_key_created',
    ]);
    for (const mail of rows) {
      expect(mail.text_body, mail.kind).toContain(`Shop ${INJECTED}`);
      expect(mail.text_body, mail.kind).not.toMatch(/[\r\u0085\u2028\u2029]/);
      expect(mail.subject, mail.kind).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
      const lines = mail.text_body.split('\n');
      expect(
        lines.filter((line) => line.trimStart().startsWith(INJECTED)),
        mail.kind,
      ).toEqual([]);
    }
    const [support] = rows.filter((r) => r.kind === 'alert.support_answered');
    expect(support!.text_body).toContain(`Help ${INJECTED}`);
    expect(support!.text_body).toContain(`Done. ${INJECTED}`);
    const [alert] = rows.filter((r) => r.kind === 'security.api_key_created');
    expect(alert!.text_body).toContain(`Key ${INJECTED}`);
  });
});
