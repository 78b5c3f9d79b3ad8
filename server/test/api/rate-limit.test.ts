import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
