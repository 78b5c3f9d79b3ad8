import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../support/otp';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 39: a wrong one-time code asked by a signed-in step-up (turning 2FA off or on, new
 * recovery codes) counts as a failed sign-in of the account, in the sign-in's window and limit,
 * as a wrong code at sign-in's 2FA step does; past the limit even a right code is refused (429)
 * until the window passes, and the owner is mailed once. Real TOTP, real sessions.
 */

const LIMIT = 3;
const STEP = 30_000;
const LIMITED = 'Too many failed sign-ins for this account, try again in 15 minutes';
type Session = { accessToken: string; accessUsername: string };

let t: TestApp;

beforeAll(async () => {
  // The server runs in this process: moving the clock a time step on gives each right code a
  // step not used before, so a refusal can only be the limit's.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(LIMIT),
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** The next time step's code for `secret`. */
function freshCode(secret: string): string {
  vi.setSystemTime(Date.now() + STEP);
  return totpCode(secret);
}

/** Any six digits but the codes of the steps around now. */
function wrongCode(secret: string): string {
  const near = [-STEP, 0, STEP].map((d) => totpCode(secret, Date.now() + d));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
}

/** Signs `email` in and turns 2FA on through the calls, as its owner would. */
async function withTwoFactor(email: string): Promise<{ session: Session; secret: string }> {
  const session = await t.signIn(email);
  const setup = await t.call<{ secret: string }>('beginOtpSetup', session);
  const secret = setup.data.secret;
  const enabled = await t.call('enableOtp', { ...session, code: freshCode(secret) });
  expect(enabled.status).toBe(200);
  return { session, secret };
}

/** The `too_many_wrong_codes` alerts queued to `email`. */
async function lockAlerts(email: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox
      WHERE recipient = $1 AND kind = 'security.too_many_wrong_codes'`,
    [email],
  );
  return rows[0]!.n;
}

/** Lets the window pass for every failure counted so far. */
const windowPasses = () =>
  t.db.query(`UPDATE sign_in_failures SET created_at = now() - interval '16 minutes'`);

async function expectOtpEnabled(session: Session, enabled: 0 | 1) {
  const user = await t.call<{ otp_enabled: number }>('getUserFullData', session);
  expect(user.data.otp_enabled).toBe(enabled);
}

describe('wrong codes of signed-in step-ups count as failed sign-ins', () => {
  it('disableOtp: refused with 429 past the limit, a right code too, and the owner is mailed', async () => {
    const { session, secret } = await withTwoFactor('merchant2@demo.test');
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await t.call('disableOtp', { ...session, code: wrongCode(secret) });
      expect(wrong).toMatchObject({ status: 403, message: 'The code is not valid' });
    }
    const next = await t.call('disableOtp', { ...session, code: wrongCode(secret) });
    expect(next).toMatchObject({ httpStatus: 429, status: 429, message: LIMITED });
    const right = await t.call('disableOtp', { ...session, code: freshCode(secret) });
    expect(right).toMatchObject({ httpStatus: 429, message: LIMITED });
    await expectOtpEnabled(session, 1);
    expect(await lockAlerts('merchant2@demo.test')).toBe(1);
    // The sign-in of the account is refused as well: it is one window.
    const login = await t.call('login', { email: 'merchant2@demo.test', password: DEMO_PASSWORD });
    expect(login.status).toBe(429);

    await windowPasses();
    const after = await t.call('disableOtp', { ...session, code: freshCode(secret) });
    expect(after.status).toBe(200);
    await expectOtpEnabled(session, 0);
  });

  it('regenerateRecoveryCodes: refused with 429 past the limit, a right code too, and the owner is mailed', async () => {
    const { session, secret } = await withTwoFactor('merchant3@demo.test');
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await t.call('regenerateRecoveryCodes', {
        ...session,
        code: wrongCode(secret),
      });
      expect(wrong.status).toBe(403);
    }
    const right = await t.call('regenerateRecoveryCodes', { ...session, code: freshCode(secret) });
    expect(right).toMatchObject({ httpStatus: 429, message: LIMITED });
    expect(await lockAlerts('merchant3@demo.test')).toBe(1);
  });

  it('enableOtp: wrong codes of the set-up count the same way', async () => {
    const session = await t.signIn('merchant4@demo.test');
    const setup = await t.call<{ secret: string }>('beginOtpSetup', session);
    const secret = setup.data.secret;
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await t.call('enableOtp', { ...session, code: wrongCode(secret) });
      expect(wrong.status).toBe(403);
    }
    const right = await t.call('enableOtp', { ...session, code: freshCode(secret) });
    expect(right).toMatchObject({ httpStatus: 429, message: LIMITED });
    await expectOtpEnabled(session, 0);
    expect(await lockAlerts('merchant4@demo.test')).toBe(1);
  });

  it('wrong codes at sign-in and at disableOtp add up in one window', async () => {
    const { session, secret } = await withTwoFactor('merchant5@demo.test');
    const login = await t.call<{ challenge_token: string }>('login', {
      email: 'merchant5@demo.test',
      password: DEMO_PASSWORD,
    });
    const challengeToken = login.data.challenge_token;
    for (let i = 0; i < LIMIT - 1; i++) {
      const wrong = await t.call('verifyLoginOtp', { challengeToken, code: wrongCode(secret) });
      expect(wrong.status).toBe(403);
    }
    const third = await t.call('disableOtp', { ...session, code: wrongCode(secret) });
    expect(third.status).toBe(403);
    // The limit is spent by the two together: the step-up and the sign-in's step both refuse.
    const right = await t.call('disableOtp', { ...session, code: freshCode(secret) });
    expect(right).toMatchObject({ httpStatus: 429, message: LIMITED });
    const verify = await t.call('verifyLoginOtp', { challengeToken, code: freshCode(secret) });
    expect(verify).toMatchObject({ httpStatus: 429, message: LIMITED });
    expect(await lockAlerts('merchant5@demo.test')).toBe(1);
  });
});
