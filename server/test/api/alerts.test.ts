import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueNotifyFailureAlerts } from '../../src/modules/alerts/alerts.service';
import { SmtpInbox } from '../support/smtp-inbox';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The alerts of issue 30 besides the security ones that existed before: a sign-in from a new
 * address (always on), a support request answered and a merchant's failing notify URL (each
 * turned off on /profile), over real SMTP, in the account's language, linking to where to act.
 */

const PUBLIC_URL = 'https://pay.example.test';
let t: TestApp;
let inbox: SmtpInbox;
type Auth = { accessToken: string; accessUsername: string };

beforeAll(async () => {
  inbox = await new SmtpInbox().start();
  t = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

const outboxOf = async (email: string, kind: string) =>
  (
    await t.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE recipient = $1 AND kind = $2 ORDER BY created_at',
      [email, kind],
    )
  ).rows;

const accountId = async (email: string) =>
  (await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [email])).rows[0]!
    .id;

describe('a sign-in from a new address', () => {
  it('mails the account once per new address, never for its first sign-in or a known address', async () => {
    const email = 'reseller2@demo.test';
    await t.db.query(`UPDATE accounts SET lang = 'es' WHERE email = $1`, [email]);
    const at = (remoteAddress: string) => t.signIn(email, undefined, { remoteAddress });
    await at('192.0.2.10'); // the first sign-in ever: nothing to compare with
    await at('192.0.2.10'); // a known address
    expect(await outboxOf(email, 'security.new_sign_in_address')).toEqual([]);
    await at('198.51.100.99');
    const mail = await inbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Inicio de sesión desde una dirección nueva',
    );
    expect(mail.html).toContain('<html lang="es"');
    expect(mail.text).toContain('198.51.100.99');
    expect(mail.text).toContain(`${PUBLIC_URL}/security`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/security"`);
    // Known now: a second sign-in from it mails nothing more.
    await at('198.51.100.99');
    expect(await outboxOf(email, 'security.new_sign_in_address')).toHaveLength(1);
  });

  it('forgets an address not used for 90 days', async () => {
    const email = 'merchant5@demo.test';
    await t.signIn(email, undefined, { remoteAddress: '192.0.2.20' });
    await t.db.query(
      `UPDATE sessions SET created_at = now() - interval '91 days' WHERE account_id = $1`,
      [await accountId(email)],
    );
    await t.signIn(email, undefined, { remoteAddress: '192.0.2.20' });
    expect(await outboxOf(email, 'security.new_sign_in_address')).toHaveLength(1);
  });
});

describe('alert preferences', () => {
  it('lists the optional alerts of the account type, all on until turned off, audited', async () => {
    const admin = await t.signIn('admin2@demo.test');
    const listed = await t.call<{ alerts: { kind: string; enabled: boolean }[] }>(
      'getAlertPreferences',
      admin,
    );
    expect(listed.data.alerts).toEqual([
      { kind: 'approvals_waiting', enabled: true },
      { kind: 'gateway_health', enabled: true },
      { kind: 'team_changed', enabled: true },
    ]);
    const off = await t.call<{ alerts: { kind: string; enabled: boolean }[] }>(
      'saveAlertPreference',
      { ...admin, kind: 'gateway_health', enabled: '0' },
    );
    expect(off.data.alerts).toContainEqual({ kind: 'gateway_health', enabled: false });
    // A merchant's alert is not an admin's to turn off; an unknown kind is refused.
    const foreign = await t.call('saveAlertPreference', {
      ...admin,
      kind: 'notify_failing',
      enabled: '0',
    });
    expect(foreign.status).toBe(400);
    const unknown = await t.call('saveAlertPreference', {
      ...admin,
      kind: 'password_changed',
      enabled: '0',
    });
    expect(unknown.status).toBe(400);
    const on = await t.call<{ alerts: { kind: string; enabled: boolean }[] }>(
      'saveAlertPreference',
      { ...admin, kind: 'gateway_health', enabled: '1' },
    );
    expect(on.data.alerts).toContainEqual({ kind: 'gateway_health', enabled: true });
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM admin_logs WHERE action = 'alert_preference.update'`,
    );
    expect(rows[0]!.n).toBe(2n);
  });
});

describe('a support request answered', () => {
  let admin: Auth;
  let merchant: Auth;
  beforeAll(async () => {
    admin = await t.signIn('admin@demo.test');
    merchant = await t.signIn('merchant2@demo.test');
  });

  const fileAndAnswer = async (subject: string, note: string) => {
    const filed = await t.call<{ id: string }>('createSupportRequest', {
      ...merchant,
      subject,
      category: 'payin',
      message: 'Our pay-in has been processing for an hour.',
    });
    expect(filed.status).toBe(200);
    const answered = await t.call('updateSupportRequestStatus', {
      ...admin,
      id: filed.data.id,
      status: 'answered',
      note,
    });
    expect(answered.status).toBe(200);
  };

  it('mails whoever filed it, with the answer, in their language', async () => {
    await t.db.query(`UPDATE accounts SET lang = 'fr' WHERE email = 'merchant2@demo.test'`);
    await fileAndAnswer('Paiement <bloqué>', 'Nous avons renvoyé le rappel.');
    const mail = await inbox.waitFor(
      (m) =>
        m.to.includes('merchant2@demo.test') &&
        m.subject === 'Votre demande d’assistance a reçu une réponse',
    );
    expect(mail.text).toContain('« Paiement <bloqué> »');
    expect(mail.html).toContain('« Paiement &lt;bloqué&gt; »');
    expect(mail.text).toContain('Nous avons renvoyé le rappel.');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/technical-support"`);
    expect(mail.text).toContain('désactiver cette alerte dans votre profil');
  });

  it('mails nothing once the filer turned the alert off', async () => {
    const off = await t.call('saveAlertPreference', {
      ...merchant,
      kind: 'support_answered',
      enabled: '0',
    });
    expect(off.status).toBe(200);
    await fileAndAnswer('Second question', 'Answered quietly.');
    const rows = await outboxOf('merchant2@demo.test', 'alert.support_answered');
    expect(rows).toHaveLength(1);
  });
});

describe('a merchant whose notify URL keeps failing', () => {
  /** A notification of `merchant` queued `minutesAgo`, tried and failed (HTTP 500), still retried. */
  const failingNotification = async (merchantId: string, minutesAgo: number) => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO merchant_notifications (id, merchant_account_id, ref_type, ref_id, url, payload,
         status, attempts, next_attempt_at, created_at, event)
       VALUES (gen_random_uuid(), $1, 'payin', gen_random_uuid(), 'https://shop.example/notify',
         '{}'::jsonb, 'pending', 3, now() + interval '10 minutes',
         now() - make_interval(mins => $2), 'payin.success') RETURNING id`,
      [merchantId, minutesAgo],
    );
    await t.db.query(
      `INSERT INTO merchant_notification_attempts (notification_id, attempt, http_status, error)
       VALUES ($1, 3, 500, '')`,
      [rows[0]!.id],
    );
  };

  it('is mailed after an hour of failures, at most once a day', async () => {
    const merchantId = await accountId('merchant3@demo.test');
    await failingNotification(merchantId, 30);
    const now = new Date();
    // Failing for half an hour only: nothing yet.
    expect(await queueNotifyFailureAlerts(t.db, t.config, now)).toBe(0);
    await failingNotification(merchantId, 70);
    expect(await queueNotifyFailureAlerts(t.db, t.config, now)).toBe(1);
    const mail = await inbox.waitFor(
      (m) =>
        m.to.includes('merchant3@demo.test') &&
        m.subject === 'Notifications to your notify URL are failing',
    );
    expect(mail.text).toContain('2 notification(s) to https://shop.example/notify');
    expect(mail.text).toContain('HTTP 500');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/merchant-settings"`);
    // Still failing: not again the same day, nor by a second round at once.
    expect(
      await queueNotifyFailureAlerts(t.db, t.config, new Date(now.getTime() + 3_600_000)),
    ).toBe(0);
    const [a, b] = await Promise.all([
      queueNotifyFailureAlerts(t.db, t.config, new Date(now.getTime() + 25 * 3_600_000)),
      queueNotifyFailureAlerts(t.db, t.config, new Date(now.getTime() + 25 * 3_600_000)),
    ]);
    expect(a + b).toBe(1);
    expect(await outboxOf('merchant3@demo.test', 'alert.notify_failing')).toHaveLength(2);
  });

  it('is not mailed while notifications are delivered, nor once turned off', async () => {
    const merchantId = await accountId('merchant4@demo.test');
    await failingNotification(merchantId, 90);
    await t.db.query(
      `INSERT INTO merchant_notifications (id, merchant_account_id, ref_type, ref_id, url, payload,
         status, attempts, next_attempt_at, created_at, delivered_at, event)
       VALUES (gen_random_uuid(), $1, 'payin', gen_random_uuid(), 'https://shop.example/notify',
         '{}'::jsonb, 'delivered', 1, now(), now() - interval '5 minutes', now(), 'payin.success')`,
      [merchantId],
    );
    expect(await queueNotifyFailureAlerts(t.db, t.config)).toBe(0);
    const merchant5 = await accountId('merchant5@demo.test');
    await t.db.query(
      `INSERT INTO alert_opt_outs (account_id, kind) VALUES ($1, 'notify_failing')`,
      [merchant5],
    );
    await failingNotification(merchant5, 90);
    // Told (recorded, so not retried every round), but no mail: the merchant turned it off.
    await queueNotifyFailureAlerts(t.db, t.config);
    expect(await outboxOf('merchant5@demo.test', 'alert.notify_failing')).toEqual([]);
  });
});
