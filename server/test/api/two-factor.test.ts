import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedActions } from '../support/admin-log';
import { totpCode } from '../support/otp';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let auth: { accessToken: string; accessUsername: string };
let secret = '';
let recoveryCodes: string[] = [];
const STEP = 30_000;

beforeAll(async () => {
  // The server runs in this process: moving the clock on moves its TOTP time steps on, so
  // each test can have a code that was not used before, as a person waiting would.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  // Wrong codes count toward the sign-in limits (rate-limit.test.ts): raised here, where
  // the codes themselves are the subject.
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100',
  });
  auth = await t.signIn('reseller@demo.test');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** Waits (on the fake clock) for the next time step and returns its code. */
function freshCode(): string {
  vi.setSystemTime(Date.now() + STEP);
  return totpCode(secret);
}

async function loginChallenge() {
  const answer = await t.call<{ next_step: string; challenge_token: string; token?: string }>(
    'login',
    {
      email: 'reseller@demo.test',
      password: DEMO_PASSWORD,
    },
  );
  expect(answer.status).toBe(200);
  expect(answer.data.token).toBeUndefined();
  expect(answer.data.next_step).toBe('otp_verify');
  return answer.data.challenge_token;
}

describe('two-factor authentication (TOTP)', () => {
  it('sets up with a QR code and an otpauth URL', async () => {
    const answer = await t.call<{ secret: string; otpauth_url: string; qr_code: string }>(
      'beginOtpSetup',
      auth,
    );
    expect(answer.status).toBe(200);
    secret = answer.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(answer.data.otpauth_url).toContain(`secret=${secret}`);
    expect(answer.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(answer.data.qr_code).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a wrong code when enabling, and stays off', async () => {
    const answer = await t.call('enableOtp', {
      ...auth,
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(answer).toMatchObject({ status: 403, message: 'The code is not valid' });
    const user = await t.call<{ otp_enabled: number }>('getUserFullData', auth);
    expect(user.data.otp_enabled).toBe(0);
  });

  it('enables with a current code and gives ten recovery codes', async () => {
    const answer = await t.call<{ recovery_codes: string[] }>('enableOtp', {
      ...auth,
      code: totpCode(secret),
    });
    expect(answer.status).toBe(200);
    recoveryCodes = answer.data.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const user = await t.call<{ otp_enabled: number }>('getUserFullData', auth);
    expect(user.data.otp_enabled).toBe(1);
    expect(await loggedActions(t.db, 'otp.enable')).toContainEqual(
      expect.objectContaining({ outcome: 'success', after: { otp_enabled: 1 } }),
    );
  });

  it('makes login answer with a challenge that a TOTP code completes', async () => {
    const challenge = await loginChallenge();
    const code = freshCode();
    const answer = await t.call<{ token: string; otp_enabled: number }>('verifyLoginOtp', {
      challengeToken: challenge,
      code,
    });
    expect(answer.status).toBe(200);
    expect(answer.data.token).toBeTruthy();
    expect(answer.data.otp_enabled).toBe(1);
  });

  it('refuses the same code twice (replay)', async () => {
    const code = freshCode();
    const first = await t.call('verifyLoginOtp', { challengeToken: await loginChallenge(), code });
    expect(first.status).toBe(200);
    const again = await t.call('verifyLoginOtp', { challengeToken: await loginChallenge(), code });
    expect(again).toMatchObject({ status: 403, message: 'The code is not valid' });
  });

  it('accepts a recovery code once', async () => {
    const code = recoveryCodes[0]!;
    const first = await t.call<{ token: string }>('verifyLoginOtp', {
      challengeToken: await loginChallenge(),
      code: code.toUpperCase(),
    });
    expect(first.status).toBe(200);
    expect(first.data.token).toBeTruthy();
    const again = await t.call('verifyLoginOtp', { challengeToken: await loginChallenge(), code });
    expect(again.status).toBe(403);
    expect(await loggedActions(t.db, 'otp.recovery_code_used')).toHaveLength(1);
  });

  it('closes a challenge after five wrong codes', async () => {
    const challenge = await loginChallenge();
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.call('verifyLoginOtp', { challengeToken: challenge, code: '12345x' })).status,
      ).toBe(403);
    }
    const fifth = await t.call('verifyLoginOtp', { challengeToken: challenge, code: '12345x' });
    expect(fifth).toMatchObject({
      status: 440,
      message: 'Too many wrong codes, please sign in again',
    });
    const after = await t.call('verifyLoginOtp', { challengeToken: challenge, code: freshCode() });
    expect(after.status).toBe(440);
    expect((await loggedActions(t.db, 'sign_in.otp_failed')).length).toBeGreaterThanOrEqual(5);
  });

  it('answers 440 for an expired or unknown challenge', async () => {
    const challenge = await loginChallenge();
    await t.db.query(
      `UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    expect(
      (await t.call('verifyLoginOtp', { challengeToken: challenge, code: totpCode(secret) }))
        .status,
    ).toBe(440);
    expect(
      (await t.call('verifyLoginOtp', { challengeToken: 'made-up', code: '123456' })).status,
    ).toBe(440);
  });

  it('regenerates recovery codes with a current code, voiding the old ones', async () => {
    const answer = await t.call<{ recovery_codes: string[] }>('regenerateRecoveryCodes', {
      ...auth,
      code: freshCode(),
    });
    expect(answer.status).toBe(200);
    const old = await t.call('verifyLoginOtp', {
      challengeToken: await loginChallenge(),
      code: recoveryCodes[1]!,
    });
    expect(old.status).toBe(403);
    recoveryCodes = answer.data.recovery_codes;
  });

  it('needs a current code to turn 2FA off', async () => {
    const refused = await t.call('disableOtp', { ...auth, code: '000000' });
    expect(refused).toMatchObject({ status: 403, message: 'The code is not valid' });
    expect(await loggedActions(t.db, 'otp.disable')).toContainEqual(
      expect.objectContaining({ outcome: 'failure' }),
    );
    // A recovery code is not enough to turn 2FA off.
    expect((await t.call('disableOtp', { ...auth, code: recoveryCodes[0]! })).status).toBe(403);
    const ok = await t.call('disableOtp', { ...auth, code: freshCode() });
    expect(ok.status).toBe(200);
    const login = await t.call<{ token: string }>('login', {
      email: 'reseller@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(login.data.token).toBeTruthy();
  });
});
