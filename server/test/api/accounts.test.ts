import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSummary } from '@bo/contract';
import { loggedActions } from '../support/admin-log';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const TEMP = 'Temporary#Pass1';
const NEW = 'My-Own#Pass2026';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('createAccount and the first-time password', () => {
  it('lets an admin create a merchant under a reseller, which must set a password first', async () => {
    const admin = await t.signIn('admin@demo.test');
    const created = await t.call('createAccount', {
      ...admin,
      accountType: 'merchant',
      email: 'New.Shop@Example.test',
      username: 'newshop',
      name: 'New Shop',
      resellerDbCode: 'RES00002',
      temporaryPassword: TEMP,
    });
    expect(created.status).toBe(200);
    const summary = accountSummary.parse(created.data);
    expect(summary).toMatchObject({
      email: 'new.shop@example.test',
      account_type: 'merchant',
      reseller_db_code: 'RES00002',
      must_change_password: true,
    });
    expect(summary.account_db_code).toMatch(/^MER[0-9A-F]{8}$/);
    expect(await loggedActions(t.db, 'account.create')).toContainEqual(
      expect.objectContaining({ actor_username: 'admin', target_id: summary.id }),
    );
  });

  it('asks for a new password instead of giving a session', async () => {
    const answer = await t.call<{ next_step: string; account_type: string; token?: string }>(
      'login',
      { email: 'new.shop@example.test', password: TEMP },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ next_step: 'password_change', account_type: 'merchant' });
    expect(answer.data.token).toBeUndefined();
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.username = 'newshop'`,
    );
    expect(rows[0]!.n).toBe(0n);
  });

  it('refuses a weak or unchanged password with a clear message, changing nothing', async () => {
    const { data } = await t.call<{ challenge_token: string }>('login', {
      email: 'new.shop@example.test',
      password: TEMP,
    });
    const weak = await t.call('updateNewPassword', {
      challengeToken: data.challenge_token,
      newPassword: 'short',
    });
    expect(weak).toMatchObject({ status: 400 });
    expect(weak.message).toBe(
      'newPassword: Password needs at least 10 characters, an upper-case letter, a digit, a symbol',
    );
    const same = await t.call('updateNewPassword', {
      challengeToken: data.challenge_token,
      newPassword: TEMP,
    });
    expect(same).toMatchObject({
      status: 400,
      message: 'newPassword must differ from the temporary password',
    });
    // The challenge is still open after bad input.
    const ok = await t.call<{ token: string }>('updateNewPassword', {
      challengeToken: data.challenge_token,
      newPassword: NEW,
    });
    expect(ok.status).toBe(200);
    expect(ok.data.token).toBeTruthy();
  });

  it('then signs in with the new password only', async () => {
    expect((await t.call('login', { email: 'new.shop@example.test', password: TEMP })).status).toBe(
      403,
    );
    const answer = await t.call<{ token: string }>('login', {
      email: 'new.shop@example.test',
      password: NEW,
    });
    expect(answer.data.token).toBeTruthy();
    expect(await loggedActions(t.db, 'password.first_set')).toHaveLength(1);
  });

  it('does not let a used challenge be replayed', async () => {
    const { data } = await t.call<{ challenge_token: string }>('login', {
      email: 'admin@demo.test',
      password: 'DemoPass#2026',
    });
    expect(data.challenge_token).toBeUndefined();
    const replay = await t.call('updateNewPassword', {
      challengeToken: 'not-a-challenge',
      newPassword: NEW,
    });
    expect(replay.status).toBe(440);
  });

  it('lets a reseller create merchants under itself only', async () => {
    const reseller = await t.signIn('reseller@demo.test');
    const refused = await t.call('createAccount', {
      ...reseller,
      accountType: 'reseller',
      email: 'r3@x.test',
      username: 'reseller3',
      name: 'R3',
      temporaryPassword: TEMP,
    });
    expect(refused).toMatchObject({
      status: 400,
      message: 'accountType: a reseller can only create merchants',
    });
    const created = await t.call<{ reseller_db_code: string }>('createAccount', {
      ...reseller,
      accountType: 'merchant',
      email: 'm9@x.test',
      username: 'merch9',
      name: 'M9',
      resellerDbCode: 'RES00002',
      temporaryPassword: TEMP,
    });
    expect(created.data.reseller_db_code).toBe('RES00001');
  });

  it('refuses a merchant and duplicates', async () => {
    const merchant = await t.signIn('merchant@demo.test');
    const fields = {
      accountType: 'merchant',
      email: 'm10@x.test',
      username: 'merch10',
      name: 'M10',
      temporaryPassword: TEMP,
    };
    expect((await t.call('createAccount', { ...merchant, ...fields })).status).toBe(403);
    const admin = await t.signIn('admin@demo.test');
    const dupEmail = await t.call('createAccount', {
      ...admin,
      ...fields,
      email: 'MERCHANT@demo.test',
    });
    expect(dupEmail).toMatchObject({
      status: 409,
      message: 'An account with this email exists already',
    });
    const dupName = await t.call('createAccount', { ...admin, ...fields, username: 'Merchant' });
    expect(dupName).toMatchObject({
      status: 409,
      message: 'An account with this username exists already',
    });
    const badReseller = await t.call('createAccount', {
      ...admin,
      ...fields,
      resellerDbCode: 'MER00001',
    });
    expect(badReseller).toMatchObject({
      status: 404,
      message: 'No reseller has the code MER00001',
    });
  });
});

describe('createSubAccount', () => {
  it('creates a sub-account with a subset of the parent modules that acts for the parent', async () => {
    const merchant = await t.signIn('merchant2@demo.test');
    const tooMuch = await t.call('createSubAccount', {
      ...merchant,
      email: 's2@x.test',
      username: 'subtwo',
      name: 'S2',
      modules: 'payin,administrator',
      temporaryPassword: TEMP,
    });
    expect(tooMuch).toMatchObject({
      status: 400,
      message: 'modules: you do not hold administrator',
    });
    const unknown = await t.call('createSubAccount', {
      ...merchant,
      email: 's2@x.test',
      username: 'subtwo',
      name: 'S2',
      modules: 'payin,bogus',
      temporaryPassword: TEMP,
    });
    expect(unknown).toMatchObject({ status: 400, message: 'modules.1 names an unknown module' });
    const created = await t.call<{
      parent_account_db_code: string;
      modules: string[];
      account_db_code: string;
    }>('createSubAccount', {
      ...merchant,
      email: 's2@x.test',
      username: 'subtwo',
      name: 'S2',
      modules: 'payin, reports',
      temporaryPassword: TEMP,
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      parent_account_db_code: 'MER00002',
      modules: ['payin', 'reports'],
    });
    expect(created.data.account_db_code).toMatch(/^SUB/);

    const step = await t.call<{ challenge_token: string }>('login', {
      email: 's2@x.test',
      password: TEMP,
    });
    const session = await t.call<{
      token: string;
      username: string;
      modules: { name: string }[];
      reseller_info: { account_db_code: string };
    }>('updateNewPassword', {
      challengeToken: step.data.challenge_token,
      newPassword: NEW,
    });
    expect(session.data.modules.map((m) => m.name)).toEqual(['payin', 'reports']);
    expect(session.data.reseller_info.account_db_code).toBe('RES00001');
    const full = await t.call<{ merchant_info: { account_db_code: string } }>('getUserFullData', {
      accessToken: session.data.token,
      accessUsername: session.data.username,
    });
    expect(full.data.merchant_info.account_db_code).toBe('MER00002');
  });

  it('is refused to a sub-account without the sub_accounts module', async () => {
    const sub = await t.signIn('sub@demo.test');
    const answer = await t.call('createSubAccount', {
      ...sub,
      email: 's3@x.test',
      username: 'subthree',
      name: 'S3',
      modules: 'payin',
      temporaryPassword: TEMP,
    });
    expect(answer.status).toBe(403);
  });
});
