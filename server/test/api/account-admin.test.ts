import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedAccountRow, type ManagedAccountRow } from '@bo/contract';
import { loggedActions } from '../support/admin-log';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
type Auth = { accessToken: string; accessUsername: string };
let admin: Auth;
let reseller: Auth;
const TEMP = 'Temporary#Pass1';

interface Page {
  rows: ManagedAccountRow[];
  total: number;
  status_counts: Record<string, number>;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.test');
  reseller = await t.signIn('reseller@demo.test');
});
afterAll(() => t.close());

/** Makes an account through createAccount and answers its row code. */
async function create(auth: Auth, fields: Record<string, string>): Promise<string> {
  const answer = await t.call<{ account_db_code: string }>('createAccount', {
    ...auth,
    temporaryPassword: TEMP,
    ...fields,
  });
  expect(answer.message).toBe('Success');
  return answer.data.account_db_code;
}

describe('creating resellers and merchants', () => {
  it('gives a new reseller its telegram, modules and currencies, and the first-time password step', async () => {
    const code = await create(admin, {
      accountType: 'reseller',
      email: 'acme.reseller@example.test',
      username: 'acmereseller',
      name: 'Acme Reseller',
      phone: '+60 12 345',
      telegram: '@acme',
      modules: 'payin,payout,account_management',
      currencies: 'MYR,USDT',
    });
    const list = await t.call<Page>('getResellerList', { ...admin, search: 'acme' });
    expect(list.status).toBe(200);
    expect(list.data.rows).toHaveLength(1);
    const row = managedAccountRow.parse(list.data.rows[0]);
    expect(row).toMatchObject({
      account_db_code: code,
      telegram_id: '@acme',
      modules: ['account_management', 'payin', 'payout'],
      currencies: ['MYR', 'USDT'],
      status: 'active',
      must_change_password: true,
      otp_enabled: false,
      merchants_count: 0,
      last_sign_in_at: null,
    });
    const login = await t.call<{ next_step: string }>('login', {
      email: 'acme.reseller@example.test',
      password: TEMP,
    });
    expect(login.data.next_step).toBe('password_change');
  });

  it('refuses duplicates, unknown or forbidden modules and unknown currencies, naming the field', async () => {
    const base = {
      accountType: 'merchant',
      email: 'dup.shop@example.test',
      username: 'dupshop',
      name: 'Dup Shop',
    };
    expect(
      await t.call('createAccount', {
        ...admin,
        ...base,
        email: 'merchant@demo.test',
        temporaryPassword: TEMP,
      }),
    ).toMatchObject({ status: 409, message: 'An account with this email exists already' });
    expect(
      await t.call('createAccount', {
        ...admin,
        ...base,
        username: 'merchant',
        temporaryPassword: TEMP,
      }),
    ).toMatchObject({ status: 409, message: 'An account with this username exists already' });
    const badModule = await t.call('createAccount', {
      ...admin,
      ...base,
      modules: 'payin,teleport',
      temporaryPassword: TEMP,
    });
    expect(badModule.status).toBe(400);
    expect(badModule.message).toMatch(/^modules.*names an unknown module/);
    expect(
      await t.call('createAccount', {
        ...admin,
        ...base,
        modules: 'payin,administrator',
        temporaryPassword: TEMP,
      }),
    ).toMatchObject({ status: 400, message: 'modules: a merchant cannot hold administrator' });
    const badCurrency = await t.call('createAccount', {
      ...admin,
      ...base,
      currencies: 'MYR,XXX',
      temporaryPassword: TEMP,
    });
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.message).toMatch(/^currencies.*names an unknown currency/);
    const { rows } = await t.db.query(`SELECT 1 FROM accounts WHERE username = 'dupshop'`);
    expect(rows).toHaveLength(0);
  });
});

describe('scope', () => {
  let foreignMerchant: string;
  let ownMerchant: string;

  beforeAll(async () => {
    foreignMerchant = await create(admin, {
      accountType: 'merchant',
      email: 'foreign.shop@example.test',
      username: 'foreignshop',
      name: 'Foreign Shop',
      resellerDbCode: 'RES00002',
    });
    ownMerchant = await create(reseller, {
      accountType: 'merchant',
      email: 'own.shop@example.test',
      username: 'ownshop',
      name: 'Own Shop',
    });
  });

  it('lists only the reseller its own merchants, and an admin all', async () => {
    const own = await t.call<Page>('getMerchantList', { ...reseller, pageSize: '200' });
    const codes = own.data.rows.map((r) => r.account_db_code);
    expect(codes).toContain(ownMerchant);
    expect(codes).toContain('MER00001');
    expect(codes).not.toContain(foreignMerchant);
    expect(codes).not.toContain('MER00004');
    expect(own.data.rows.every((r) => r.reseller_db_code === 'RES00001')).toBe(true);
    const all = await t.call<Page>('getMerchantList', { ...admin, pageSize: '200' });
    expect(all.data.rows.map((r) => r.account_db_code)).toEqual(
      expect.arrayContaining([ownMerchant, foreignMerchant, 'MER00004']),
    );
    const ofReseller2 = await t.call<Page>('getMerchantList', {
      ...admin,
      resellerDbCode: 'RES00002',
    });
    expect(ofReseller2.data.rows.every((r) => r.reseller_db_code === 'RES00002')).toBe(true);
    expect(ofReseller2.data.total).toBeGreaterThanOrEqual(3);
  });

  it("answers 404 to a reseller naming another reseller's merchants, changing nothing", async () => {
    expect(
      await t.call('getMerchantList', { ...reseller, resellerDbCode: 'RES00002' }),
    ).toMatchObject({ status: 404 });
    const edit = {
      accountDbCode: foreignMerchant,
      name: 'Taken Over',
      email: 'foreign.shop@example.test',
      modules: 'payin',
    };
    expect(await t.call('updateAccount', { ...reseller, ...edit })).toMatchObject({ status: 404 });
    expect(
      await t.call('setAccountStatus', {
        ...reseller,
        accountDbCode: foreignMerchant,
        status: 'disabled',
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await t.call('resetAccountOtp', { ...reseller, accountDbCode: foreignMerchant }),
    ).toMatchObject({ status: 404 });
    expect(
      await t.call('setAccountStatus', {
        ...reseller,
        accountDbCode: 'RES00002',
        status: 'disabled',
      }),
    ).toMatchObject({ status: 404 });
    const { rows } = await t.db.query<{ name: string; status: string }>(
      'SELECT name, status FROM accounts WHERE account_db_code = $1',
      [foreignMerchant],
    );
    expect(rows[0]).toEqual({ name: 'Foreign Shop', status: 'active' });
  });

  it('keeps resellers off the reseller calls and merchants off every account call', async () => {
    expect(await t.call('getResellerList', reseller)).toMatchObject({ status: 403 });
    expect(
      await t.call('getResellerDetail', { ...reseller, resellerDbCode: 'RES00001' }),
    ).toMatchObject({ status: 403 });
    const exported = await t.call('exportList', {
      ...reseller,
      call: 'getResellerList',
      format: 'csv',
    });
    expect(exported.status).toBe(403);
    const merchant = await t.signIn('merchant@demo.test');
    for (const [name, fields] of [
      ['getMerchantList', {}],
      ['getResellerList', {}],
      ['setAccountStatus', { accountDbCode: 'MER00001', status: 'disabled' }],
    ] as const) {
      expect(await t.call(name, { ...merchant, ...fields })).toMatchObject({ status: 403 });
    }
  });

  it('lets a reseller edit its own merchant, logging before and after', async () => {
    const edited = await t.call<ManagedAccountRow>('updateAccount', {
      ...reseller,
      accountDbCode: ownMerchant,
      name: 'Own Shop Renamed',
      email: 'own.shop@example.test',
      phone: '123',
      telegram: '@ownshop',
      modules: 'payin,payout',
      currencies: 'MYR',
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      name: 'Own Shop Renamed',
      modules: ['payin', 'payout'],
      currencies: ['MYR'],
    });
    const logged = (await loggedActions(t.db, 'account.update')).at(-1)!;
    expect(logged).toMatchObject({
      actor_username: 'reseller',
      before: expect.objectContaining({ name: 'Own Shop' }),
      after: expect.objectContaining({ name: 'Own Shop Renamed' }),
    });
    expect(
      await t.call('updateAccount', {
        ...reseller,
        accountDbCode: ownMerchant,
        name: 'X',
        email: 'merchant2@demo.test',
        modules: 'payin',
      }),
    ).toMatchObject({ status: 409, message: 'An account with this email exists already' });
  });
});

describe('disable, enable and 2FA reset', () => {
  it('ends a disabled account’s sessions at once and refuses its sign-in until enabled', async () => {
    await create(admin, {
      accountType: 'merchant',
      email: 'gone.shop@example.test',
      username: 'goneshop',
      name: 'Gone Shop',
      resellerDbCode: 'RES00001',
    });
    await t.db.query(
      `UPDATE accounts SET must_change_password = false WHERE username = 'goneshop'`,
    );
    const gone = await t.signIn('gone.shop@example.test', TEMP);
    expect((await t.call('getUserFullData', gone)).status).toBe(200);
    // Its sub-account stops with it.
    const madeSub = await t.call('createSubAccount', {
      ...gone,
      email: 'gone.clerk@example.test',
      username: 'goneclerk',
      name: 'Gone Clerk',
      modules: 'payin',
      temporaryPassword: TEMP,
    });
    expect(madeSub.status, madeSub.message).toBe(200);
    await t.db.query(
      `UPDATE accounts SET must_change_password = false WHERE username = 'goneclerk'`,
    );
    const clerk = await t.signIn('gone.clerk@example.test', TEMP);
    const { rows } = await t.db.query<{ account_db_code: string }>(
      `SELECT account_db_code FROM accounts WHERE username = 'goneshop'`,
    );
    const code = rows[0]!.account_db_code;
    const disabled = await t.call<ManagedAccountRow>('setAccountStatus', {
      ...reseller,
      accountDbCode: code,
      status: 'disabled',
    });
    expect(disabled.data.status).toBe('disabled');
    expect((await t.call('getUserFullData', gone)).status).toBe(440);
    const live = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE a.username = 'goneshop' AND s.revoked_at IS NULL`,
    );
    expect(live.rows[0]!.n).toBe(0n);
    const refused = await t.call('login', { email: 'gone.shop@example.test', password: TEMP });
    expect(refused.status).toBe(403);
    expect((await t.call('getUserFullData', clerk)).status).toBe(440);
    // Its own status is still active, but a disabled parent keeps it out.
    await t.db.query(`UPDATE sessions SET revoked_at = NULL
      WHERE account_id = (SELECT id FROM accounts WHERE username = 'goneclerk')`);
    expect((await t.call('getUserFullData', clerk)).status).toBe(440);
    const clerkRefused = await t.call('login', {
      email: 'gone.clerk@example.test',
      password: TEMP,
    });
    expect(clerkRefused.status).toBe(403);
    expect(await loggedActions(t.db, 'account.disable')).toContainEqual(
      expect.objectContaining({
        actor_username: 'reseller',
        before: expect.objectContaining({ status: 'active' }),
        after: expect.objectContaining({ status: 'disabled' }),
      }),
    );
    const tabs = await t.call<Page>('getMerchantList', { ...reseller, status: 'disabled' });
    expect(tabs.data.rows.map((r) => r.account_db_code)).toEqual([code]);
    expect(tabs.data.status_counts.disabled).toBe(1);
    await t.call('setAccountStatus', { ...admin, accountDbCode: code, status: 'active' });
    expect(
      (await t.call('login', { email: 'gone.shop@example.test', password: TEMP })).status,
    ).toBe(200);
    expect(
      (await t.call('login', { email: 'gone.clerk@example.test', password: TEMP })).status,
    ).toBe(200);
  });

  it('turns 2FA off and logs it', async () => {
    await t.db.query(
      `UPDATE accounts SET otp_enabled = true, otp_secret = 'JBSWY3DPEHPK3PXP' WHERE account_db_code = 'MER00002'`,
    );
    const reset = await t.call<ManagedAccountRow>('resetAccountOtp', {
      ...admin,
      accountDbCode: 'MER00002',
    });
    expect(reset.status).toBe(200);
    expect(reset.data.otp_enabled).toBe(false);
    const { rows } = await t.db.query<{ otp_enabled: boolean; otp_secret: string | null }>(
      `SELECT otp_enabled, otp_secret FROM accounts WHERE account_db_code = 'MER00002'`,
    );
    expect(rows[0]).toEqual({ otp_enabled: false, otp_secret: null });
    expect(await loggedActions(t.db, 'account.reset_otp')).toContainEqual(
      expect.objectContaining({
        actor_username: 'admin',
        before: expect.objectContaining({ otp_enabled: true }),
        after: expect.objectContaining({ otp_enabled: false }),
      }),
    );
  });
});

describe('reseller detail and export', () => {
  it('shows a reseller with its balances, contract lines and recent activity', async () => {
    const detail = await t.call<{
      reseller: ManagedAccountRow;
      balances: unknown[];
      contracts: unknown[];
      activity: { action: string }[];
    }>('getResellerDetail', { ...admin, resellerDbCode: 'RES00001' });
    expect(detail.status).toBe(200);
    expect(detail.data.reseller).toMatchObject({ account_db_code: 'RES00001' });
    expect(detail.data.reseller.merchants_count).toBeGreaterThanOrEqual(3);
    expect(detail.data.activity.map((a) => a.action)).toContain('account.update');
    expect(
      await t.call('getResellerDetail', { ...admin, resellerDbCode: 'MER00001' }),
    ).toMatchObject({ status: 404 });
  });

  it('exports every matching merchant as CSV', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: { ...admin, call: 'getMerchantList', format: 'csv', search: 'shop', pageSize: '1' },
    });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toContain('account_db_code');
    expect(text).toContain('own.shop@example.test');
    expect(text).toContain('foreign.shop@example.test');
    expect(text).not.toContain('merchant@demo.test');
  });
});
