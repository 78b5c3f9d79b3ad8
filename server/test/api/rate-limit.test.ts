import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../support/otp';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
  });
});
afterAll(() => t.close());

describe('sign-in rate limits', () => {
  it('stops an account after too many failures, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await t.call(
        'login',
        { email: 'merchant@demo.test', password: `wrong-${i}` },
        { remoteAddress: `203.0.113.${i + 1}` },
      );
      expect(answer.status).toBe(403);
    }
    const blocked = await t.call(
      'login',
      { email: 'merchant@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: '203.0.113.9' },
    );
    expect(blocked).toMatchObject({ httpStatus: 429, status: 429 });
    expect(blocked.message).toBe(
      'Too many failed sign-ins for this account, try again in 15 minutes',
    );
    // Other accounts are not affected.
    expect(
      (await t.call('login', { email: 'merchant2@demo.test', password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });

  it('stops an address after too many failures across accounts', async () => {
    const address = '198.51.100.200';
    const emails = ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test'];
    for (const email of emails) {
      expect(
        (await t.call('login', { email, password: 'nope' }, { remoteAddress: address })).status,
      ).toBe(403);
    }
    const blocked = await t.call(
      'login',
      { email: 'reseller@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: address },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(
      'Too many failed sign-ins from your address, try again in 15 minutes',
    );
    const elsewhere = await t.call(
      'login',
      { email: 'reseller@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: '198.51.100.201' },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('lets an account in again once the window has passed', async () => {
    await t.db.query(`UPDATE sign_in_failures SET created_at = now() - interval '16 minutes'`);
    expect(
      (await t.call('login', { email: 'merchant@demo.test', password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });
});

describe('wrong 2FA codes', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  /** A wrong code: any six digits but the current one. */
  const WRONG = totpCode(SECRET) === '000000' ? '111111' : '000000';

  beforeAll(async () => {
    await t.db.query(`UPDATE sign_in_failures SET created_at = now() - interval '16 minutes'`);
    await t.db.query(
      `UPDATE accounts SET otp_enabled = true, otp_secret = $1
        WHERE email IN ('merchant3@demo.test', 'merchant4@demo.test', 'merchant5@demo.test')`,
      [SECRET],
    );
  });

  /** Signs in with the right password and answers the 2FA step's challenge. */
  async function challenge(email: string, remoteAddress: string): Promise<string> {
    const answer = await t.call<{ challenge_token: string }>(
      'login',
      { email, password: DEMO_PASSWORD },
      { remoteAddress },
    );
    expect(answer.status).toBe(200);
    return answer.data.challenge_token;
  }
  const verify = (challengeToken: string, code: string, remoteAddress: string) =>
    t.call('verifyLoginOtp', { challengeToken, code }, { remoteAddress });

  it('count against the account like wrong passwords: fresh challenges buy no fresh guesses', async () => {
    const first = await challenge('merchant3@demo.test', '192.0.2.10');
    for (let i = 0; i < 2; i++) expect((await verify(first, WRONG, '192.0.2.10')).status).toBe(403);
    // A new challenge (the old one is still open) does not start the count again.
    const second = await challenge('merchant3@demo.test', '192.0.2.11');
    expect((await verify(second, WRONG, '192.0.2.11')).status).toBe(403);
    const right = await verify(second, totpCode(SECRET), '192.0.2.12');
    expect(right).toMatchObject({ httpStatus: 429, status: 429 });
    expect(right.message).toBe(
      'Too many failed sign-ins for this account, try again in 15 minutes',
    );
    const again = await t.call('login', { email: 'merchant3@demo.test', password: DEMO_PASSWORD });
    expect(again.status).toBe(429);
  });

  it('count against the address across accounts', async () => {
    const address = '192.0.2.50';
    const four = await challenge('merchant4@demo.test', address);
    const five = await challenge('merchant5@demo.test', address);
    for (const token of [four, four, five, five, five])
      expect((await verify(token, WRONG, address)).status).toBe(403);
    const blocked = await t.call(
      'login',
      { email: 'reseller2@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: address },
    );
    expect(blocked.message).toBe(
      'Too many failed sign-ins from your address, try again in 15 minutes',
    );
    const elsewhere = await t.call(
      'login',
      { email: 'reseller2@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: '192.0.2.51' },
    );
    expect(elsewhere.status).toBe(200);
  });
});
