import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedUser, userFullData } from '@bo/contract';
import { loggedActions } from '../support/admin-log';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it.each([
    ['admin@demo.test', 'admin', 'admin', '', 11],
    ['reseller@demo.test', 'reseller', 'reseller', 'RES00001', 9],
    ['merchant@demo.test', 'merchant', 'merchant', 'RES00001', 7],
    ['sub@demo.test', 'sub', 'merchant', 'RES00001', 2],
  ])(
    'signs in %s with the stored-user fields of the spec',
    async (email, username, type, resellerCode, moduleCount) => {
      const answer = await t.call('login', { email, password: DEMO_PASSWORD });
      expect(answer.status).toBe(200);
      const user = storedUser.parse(answer.data);
      expect(user.token).toBe(user.access_token);
      expect(user.token.length).toBeGreaterThanOrEqual(43);
      expect(user).toMatchObject({
        username,
        account_type: type,
        otp_enabled: 0,
        loanStatus: 99,
        lang: 'en',
        reseller_info: { account_db_code: resellerCode },
      });
      expect(user.modules).toHaveLength(moduleCount);
    },
  );

  it('gives the sub-account only the modules it was given', async () => {
    const answer = await t.call<{ modules: { name: string }[]; is_sub_account: number }>('login', {
      email: 'sub@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(answer.data.modules.map((m) => m.name).sort()).toEqual(['payin', 'reports']);
    expect(answer.data.is_sub_account).toBe(1);
  });

  it('takes the email in any case and with spaces around it', async () => {
    const answer = await t.call('login', { email: '  ADMIN@Demo.Test ', password: DEMO_PASSWORD });
    expect(answer.status).toBe(200);
  });

  it('answers a wrong email and a wrong password with the same message', async () => {
    const wrongPassword = await t.call('login', {
      email: 'admin@demo.test',
      password: 'nope-nope',
    });
    const wrongEmail = await t.call('login', {
      email: 'nobody@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(wrongPassword).toMatchObject({ status: 403, message: 'Wrong email or password' });
    expect(wrongEmail).toMatchObject({ status: 403, message: 'Wrong email or password' });
    expect(wrongPassword.data).toBeUndefined();
  });

  it('records sign-ins and failed sign-ins in the admin log', async () => {
    await t.call(
      'login',
      { email: 'merchant2@demo.test', password: 'bad-password' },
      { remoteAddress: '192.0.2.44' },
    );
    const failures = await loggedActions(t.db, 'sign_in.failed');
    expect(failures).toContainEqual(
      expect.objectContaining({
        actor_username: 'merchant2',
        outcome: 'failure',
        client_ip: '192.0.2.44',
      }),
    );
    const unknown = failures.find((f) => f.actor_username === 'nobody@demo.test');
    expect(unknown).toMatchObject({ target_id: '', outcome: 'failure' });
    const successes = await loggedActions(t.db, 'sign_in');
    expect(successes.map((s) => s.actor_username)).toEqual(
      expect.arrayContaining(['admin', 'reseller', 'merchant', 'sub']),
    );
  });
});

describe('getUserFullData', () => {
  it('adds the merchant code, login-IP flag and profile', async () => {
    const auth = await t.signIn('merchant@demo.test');
    const answer = await t.call('getUserFullData', auth);
    const data = userFullData.parse(answer.data);
    expect(data.merchant_info.account_db_code).toBe('MER00001');
    expect(data.login_ip_enabled).toBe(0);
    expect(data.profileInfo).toMatchObject({
      email: 'merchant@demo.test',
      account_db_code: 'MER00001',
      timezone: 'Default',
    });
  });

  it('answers for the parent merchant when a sub-account asks', async () => {
    const auth = await t.signIn('sub@demo.test');
    const answer = await t.call<{ merchant_info: { account_db_code: string } }>(
      'getUserFullData',
      auth,
    );
    expect(answer.data.merchant_info.account_db_code).toBe('MER00001');
  });
});

describe('sessions answer 440 when invalid', () => {
  it('for a missing token', async () => {
    const answer = await t.call('getUserFullData', { accessUsername: 'admin' });
    expect(answer).toMatchObject({ httpStatus: 440, status: 440 });
    expect(answer.message).toMatch(/session/i);
  });

  it('for an unknown token', async () => {
    const answer = await t.call('getUserFullData', {
      accessToken: 'x'.repeat(43),
      accessUsername: 'admin',
    });
    expect(answer.status).toBe(440);
  });

  it('for a token presented with another username', async () => {
    const auth = await t.signIn('reseller@demo.test');
    const answer = await t.call('getUserFullData', { ...auth, accessUsername: 'admin' });
    expect(answer.status).toBe(440);
  });

  it('after logout', async () => {
    const auth = await t.signIn('reseller@demo.test');
    expect((await t.call('logout', auth)).status).toBe(200);
    expect((await t.call('getUserFullData', auth)).status).toBe(440);
    expect(await loggedActions(t.db, 'sign_out')).not.toHaveLength(0);
  });

  it('after the idle time passes without use', async () => {
    const auth = await t.signIn('reseller@demo.test');
    expect((await t.call('getUserFullData', auth)).status).toBe(200);
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '61 minutes' WHERE revoked_at IS NULL`,
    );
    expect((await t.call('getUserFullData', auth)).status).toBe(440);
  });

  it('after the absolute lifetime ends, however active', async () => {
    const auth = await t.signIn('reseller@demo.test');
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL`,
    );
    expect((await t.call('getUserFullData', auth)).status).toBe(440);
  });

  it('for a disabled account', async () => {
    const auth = await t.signIn('merchant5@demo.test');
    await t.db.query(`UPDATE accounts SET status = 'disabled' WHERE username = 'merchant5'`);
    expect((await t.call('getUserFullData', auth)).status).toBe(440);
    expect(
      (await t.call('login', { email: 'merchant5@demo.test', password: DEMO_PASSWORD })).status,
    ).toBe(403);
  });

  it('keeps a session alive while it is used', async () => {
    const auth = await t.signIn('merchant3@demo.test');
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '30 minutes' WHERE revoked_at IS NULL`,
    );
    expect((await t.call('getUserFullData', auth)).status).toBe(200);
    const { rows } = await t.db.query<{ fresh: boolean }>(
      `SELECT bool_and(last_seen_at > now() - interval '1 minute') AS fresh FROM sessions s
         JOIN accounts a ON a.id = s.account_id WHERE a.username = 'merchant3' AND s.revoked_at IS NULL`,
    );
    expect(rows[0]!.fresh).toBe(true);
  });

  it('stores only a hash of the token', async () => {
    const auth = await t.signIn('merchant4@demo.test');
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM sessions WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`,
      [auth.accessToken.slice(0, 20)],
    );
    expect(rows[0]!.n).toBe(0n);
  });
});

describe('access rules on calls', () => {
  it('refuses a call whose rule the account does not meet with 403', async () => {
    const auth = await t.signIn('reseller@demo.test');
    const answer = await t.call('getAdminLogs', auth);
    expect(answer).toMatchObject({
      httpStatus: 403,
      status: 403,
      message: 'You are not allowed to do this',
    });
  });

  it('checks the session before the payload', async () => {
    const answer = await t.call('updateProfile', { accessToken: 'nope', accessUsername: 'admin' });
    expect(answer.status).toBe(440);
  });
});
