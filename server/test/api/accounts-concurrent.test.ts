import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Requests that race for one email or username: the check before the write answers a later one
 * with 409, and so must the unique index when they overlap (on PostgreSQL they truly run at once;
 * on PGlite they queue, so there the check alone answers).
 */
let t: TestApp;
type Auth = { accessToken: string; accessUsername: string };
let admin: Auth;
let merchant: Auth;
const TEMP = 'Temporary#Pass1';
const EMAIL_TAKEN = 'An account with this email exists already';

beforeAll(async () => {
  t = await startTestApp();
  [admin, merchant] = await Promise.all([
    t.signIn('admin@demo.test'),
    t.signIn('merchant@demo.test'),
  ]);
});
afterAll(() => t.close());

/** The answers of `calls` sent all at once, as `status message`, sorted. */
async function atOnce(calls: (() => ReturnType<TestApp['call']>)[]): Promise<string[]> {
  const answers = await Promise.all(calls.map((call) => call()));
  return answers.map((a) => `${a.httpStatus} ${a.message}`).sort();
}

const newMerchant = (email: string, username: string) => () =>
  t.call('createAccount', {
    ...admin,
    accountType: 'merchant',
    email,
    username,
    name: `Shop ${username}`,
    temporaryPassword: TEMP,
  });

async function accountsWith(column: 'email' | 'username', value: string): Promise<number> {
  const { rows } = await t.db.query(`SELECT 1 FROM accounts WHERE lower(${column}) = $1`, [value]);
  return rows.length;
}

describe('accounts created or changed at once with one email or username', () => {
  it('createAccount: one is made, the others answer 409 as a later one would', async () => {
    const answers = await atOnce(
      [1, 2, 3, 4].map((n) => newMerchant('race.shop@example.test', `raceshop${n}`)),
    );
    expect(answers).toEqual(['200 Success', ...Array(3).fill(`409 ${EMAIL_TAKEN}`)]);
    expect(await accountsWith('email', 'race.shop@example.test')).toBe(1);

    const byName = await atOnce([1, 2, 3, 4].map((n) => newMerchant(`race${n}@x.test`, 'racer')));
    expect(byName).toEqual([
      '200 Success',
      ...Array(3).fill('409 An account with this username exists already'),
    ]);
    expect(await accountsWith('username', 'racer')).toBe(1);
  });

  it('createSubAccount: the same', async () => {
    const answers = await atOnce(
      [1, 2, 3, 4].map(
        (n) => () =>
          t.call('createSubAccount', {
            ...merchant,
            email: 'race.clerk@example.test',
            username: `raceclerk${n}`,
            name: `Clerk ${n}`,
            modules: 'payin',
            temporaryPassword: TEMP,
          }),
      ),
    );
    expect(answers).toEqual(['200 Success', ...Array(3).fill(`409 ${EMAIL_TAKEN}`)]);
    expect(await accountsWith('email', 'race.clerk@example.test')).toBe(1);
  });

  it('updateAccount: two accounts given one email at once, one keeps it', async () => {
    const codes: string[] = [];
    for (const n of [1, 2]) {
      const made = await newMerchant(`edit${n}@example.test`, `editshop${n}`)();
      expect(made.httpStatus, made.message).toBe(200);
      codes.push((made.data as { account_db_code: string }).account_db_code);
    }
    const answers = await atOnce(
      codes.map(
        (accountDbCode) => () =>
          t.call('updateAccount', {
            ...admin,
            accountDbCode,
            name: 'Edited Shop',
            email: 'edited.shop@example.test',
            modules: 'payin',
            currencies: 'THB',
          }),
      ),
    );
    expect(answers).toEqual(['200 Success', `409 ${EMAIL_TAKEN}`]);
    expect(await accountsWith('email', 'edited.shop@example.test')).toBe(1);
  });
});
