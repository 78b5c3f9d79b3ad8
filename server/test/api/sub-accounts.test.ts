import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subAccountRow, type SubAccountRow } from '@bo/contract';
import { loggedActions } from '../support/admin-log';
import { encodeMultipart, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const TEMP = 'Temporary#Pass1';
const OWN = 'My-Own#Pass2026';

type Session = { accessToken: string; accessUsername: string };
/** merchant2@ manages the sub-accounts made here; merchant@ has the demo world's `sub`. */
let merchant: Session;
let other: Session;
let reseller: Session;
let admin: Session;
/** merchant2@'s sub-account with payin and reports. */
let cashier: SubAccountRow;

beforeAll(async () => {
  t = await startTestApp();
  [merchant, other, reseller, admin] = await Promise.all([
    t.signIn('merchant2@demo.test'),
    t.signIn('merchant@demo.test'),
    t.signIn('reseller@demo.test'),
    t.signIn('admin@demo.test'),
  ]);
});
afterAll(() => t.close());

const create = (parent: Session, username: string, modules: string, password = TEMP) =>
  t.call<SubAccountRow>('createSubAccount', {
    ...parent,
    email: `${username}@example.test`,
    username,
    name: `Sub ${username}`,
    modules,
    temporaryPassword: password,
  });

const list = (session: Session, fields: Record<string, string> = {}) =>
  t.call<{ rows: SubAccountRow[]; total: number; status_counts: Record<string, number> }>(
    'getSubAccountList',
    { ...session, ...fields },
  );

/** Signs in with a temporary password and sets `OWN` at the first-time step. */
async function signInFirstTime(email: string, temporary = TEMP): Promise<Session> {
  const login = await t.call<{ next_step: string; challenge_token: string }>('login', {
    email,
    password: temporary,
  });
  expect(login.data.next_step).toBe('password_change');
  const done = await t.call<{ token: string; username: string }>('updateNewPassword', {
    challengeToken: login.data.challenge_token,
    newPassword: OWN,
  });
  expect(done.status).toBe(200);
  return { accessToken: done.data.token, accessUsername: done.data.username };
}

const ownModules = async (id: string) =>
  (
    await t.db.query<{ module: string }>(
      'SELECT module FROM account_modules WHERE account_id = $1 ORDER BY module',
      [id],
    )
  ).rows.map((r) => r.module);

describe('sub-account modules are a subset of the parent’s', () => {
  it('refuses, on create, a module the parent lacks and sub_accounts itself', async () => {
    expect(await create(merchant, 'cash.bad', 'payin,account_management')).toMatchObject({
      status: 400,
      message: 'modules: you do not hold account_management',
    });
    expect(await create(merchant, 'cash.bad', 'payin,sub_accounts')).toMatchObject({
      status: 400,
      message: 'modules: a sub-account cannot manage sub-accounts',
    });
    expect((await list(merchant)).data.total).toBe(0);
  });

  it('creates one that must set a new password at its first sign-in', async () => {
    const created = await create(merchant, 'cashier', 'payin,reports');
    expect(created.status).toBe(200);
    const rows = (await list(merchant)).data.rows;
    expect(rows).toHaveLength(1);
    cashier = subAccountRow.parse(rows[0]);
    expect(cashier).toMatchObject({
      username: 'cashier',
      modules: ['payin', 'reports'],
      status: 'active',
      must_change_password: true,
      otp_enabled: false,
      last_sign_in_at: null,
    });
    expect(cashier.account_db_code).toMatch(/^SUB[0-9A-F]{8}$/);
  });

  it('lets a reseller give a module a merchant cannot have', async () => {
    const created = await create(reseller, 'res.helper', 'account_management,reports');
    expect(created.status).toBe(200);
    expect((await list(reseller)).data.rows.map((r) => r.modules)).toEqual([
      ['account_management', 'reports'],
    ]);
  });

  it('edits modules within the parent’s, with messages naming the field', async () => {
    const edit = (modules: string) =>
      t.call('updateSubAccountModules', { ...merchant, id: cashier.id, modules });
    expect(await edit('payin,account_management')).toMatchObject({
      status: 400,
      message: 'modules: you do not hold account_management',
    });
    expect(await edit('sub_accounts')).toMatchObject({
      status: 400,
      message: 'modules: a sub-account cannot manage sub-accounts',
    });
    expect(await edit('')).toMatchObject({
      status: 400,
      message: 'modules needs at least one module',
    });
    expect(await edit('payin,nope')).toMatchObject({ status: 400 });
    expect((await edit('payin,nope')).message).toMatch(/^modules\.1 names an unknown module/);
    expect(await ownModules(cashier.id)).toEqual(['payin', 'reports']);
    const changed = await edit('payin,payout');
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ modules: ['payin', 'payout'] });
    expect(await ownModules(cashier.id)).toEqual(['payin', 'payout']);
  });

  it('the sub-account’s next call reads the new modules', async () => {
    const sub = await signInFirstTime('cashier@example.test');
    expect((await t.call('getPayoutList', sub)).status).toBe(200);
    expect((await t.call('getPayinList', sub)).status).toBe(200);
    await t.call('updateSubAccountModules', { ...merchant, id: cashier.id, modules: 'payin' });
    expect((await t.call('getPayoutList', sub)).status).toBe(403);
    expect((await t.call('getPayinList', sub)).status).toBe(200);
    const row = (await list(merchant)).data.rows[0]!;
    expect(row.must_change_password).toBe(false);
    expect(row.last_sign_in_at).not.toBeNull();
  });

  it('logs each change with what it was before and after', async () => {
    const edits = await loggedActions(t.db, 'sub_account.update_modules');
    expect(edits.map((e) => e.outcome)).toEqual(['success', 'success']);
    expect(edits[0]).toMatchObject({
      actor_username: 'merchant2',
      target_id: cashier.id,
      before: expect.objectContaining({ modules: ['payin', 'reports'] }),
      after: expect.objectContaining({ modules: ['payin', 'payout'] }),
    });
    expect(await loggedActions(t.db, 'account.create_sub_account')).toHaveLength(2);
  });
});

describe('a caller sees and changes only its own sub-accounts', () => {
  it('lists nothing of another parent’s, even by search', async () => {
    const others = (await list(other)).data.rows.map((r) => r.username);
    expect(others).toEqual(['sub']);
    expect((await list(other, { search: 'cashier' })).data.total).toBe(0);
    expect((await list(other, { search: cashier.id })).data.total).toBe(0);
    expect((await list(admin, { search: cashier.id })).data.total).toBe(0);
    expect((await list(merchant, { search: 'cashier' })).data.total).toBe(1);
    expect((await list(merchant, { search: cashier.id })).data.total).toBe(1);
  });

  it('answers 404 for another parent’s sub-account, changing nothing', async () => {
    for (const stranger of [other, reseller, admin]) {
      const id = cashier.id;
      const answers = await Promise.all([
        t.call('updateSubAccountModules', { ...stranger, id, modules: 'payin,reports' }),
        t.call('setSubAccountStatus', { ...stranger, id, status: 'disabled' }),
        t.call('resetSubAccountPassword', { ...stranger, id, temporaryPassword: TEMP }),
      ]);
      for (const a of answers) expect(a).toMatchObject({ status: 404 });
    }
    // A top-level account is nobody's sub-account.
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM accounts WHERE username = 'merchant3'`,
    );
    const top = await t.call('setSubAccountStatus', {
      ...admin,
      id: rows[0]!.id,
      status: 'disabled',
    });
    expect(top.status).toBe(404);
    expect(await ownModules(cashier.id)).toEqual(['payin']);
    expect((await list(merchant)).data.rows[0]!.status).toBe('active');
  });

  it('refuses a sub-account every sub-account call', async () => {
    const sub = await t.signIn('sub@demo.test');
    expect((await list(sub)).status).toBe(403);
    expect((await create(sub, 'sub.of.sub', 'payin')).status).toBe(403);
    const answer = await t.call('setSubAccountStatus', {
      ...sub,
      id: cashier.id,
      status: 'disabled',
    });
    expect(answer.status).toBe(403);
  });

  it('exports every row of its own, and none of another’s', async () => {
    await create(merchant, 'second.cashier', 'reports');
    const exported = async (session: Session) => {
      const { body, contentType } = await encodeMultipart({
        ...session,
        call: 'getSubAccountList',
        format: 'csv',
        pageSize: '1',
      });
      const r = await t.app.inject({
        method: 'POST',
        url: '/controller/admin/exportList',
        payload: body,
        headers: { 'content-type': contentType },
      });
      expect(r.statusCode).toBe(200);
      return r.body;
    };
    const own = await exported(merchant);
    expect(own).toContain('cashier@example.test');
    expect(own).toContain('second.cashier@example.test');
    expect(own).not.toContain('res.helper');
    expect(await exported(other)).not.toContain('cashier');
  });
});

describe('disable, enable and reset password', () => {
  it('validates the fields, naming them', async () => {
    const bad = await t.call('setSubAccountStatus', { ...merchant, id: 'x', status: 'disabled' });
    expect(bad).toMatchObject({ status: 400, message: 'id must name a sub-account' });
    const status = await t.call('setSubAccountStatus', {
      ...merchant,
      id: cashier.id,
      status: 'gone',
    });
    expect(status).toMatchObject({ status: 400, message: 'status must be active or disabled' });
    const weak = await t.call('resetSubAccountPassword', {
      ...merchant,
      id: cashier.id,
      temporaryPassword: 'short',
    });
    expect(weak).toMatchObject({ status: 400 });
    expect(weak.message).toMatch(/^temporaryPassword: Password needs at least 10 characters/);
    expect((await list(merchant, { status: 'active' })).data.total).toBe(2);
  });

  it('disabling revokes its sessions at once and refuses its sign-in', async () => {
    const sub = await t.signIn('cashier@example.test', OWN);
    expect((await t.call('getPayinList', sub)).status).toBe(200);
    const disabled = await t.call('setSubAccountStatus', {
      ...merchant,
      id: cashier.id,
      status: 'disabled',
    });
    expect(disabled).toMatchObject({ status: 200, data: { status: 'disabled' } });
    expect((await t.call('getPayinList', sub)).status).toBe(440);
    const { rows } = await t.db.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM sessions WHERE account_id = $1 AND revoked_at IS NULL',
      [cashier.id],
    );
    expect(rows[0]!.n).toBe(0n);
    const login = await t.call('login', { email: 'cashier@example.test', password: OWN });
    expect(login.status).toBe(403);
    const again = await t.call('setSubAccountStatus', {
      ...merchant,
      id: cashier.id,
      status: 'disabled',
    });
    expect(again).toMatchObject({ status: 409 });
    const counts = (await list(merchant)).data.status_counts;
    expect(counts).toEqual({ active: 1, disabled: 1 });
    expect((await list(merchant, { status: 'disabled' })).data.rows.map((r) => r.id)).toEqual([
      cashier.id,
    ]);
  });

  it('enabling lets it sign in again', async () => {
    const enabled = await t.call('setSubAccountStatus', {
      ...merchant,
      id: cashier.id,
      status: 'active',
    });
    expect(enabled).toMatchObject({ status: 200, data: { status: 'active' } });
    const sub = await t.signIn('cashier@example.test', OWN);
    expect((await t.call('getPayinList', sub)).status).toBe(200);
    const [disable] = await loggedActions(t.db, 'sub_account.disable');
    expect(disable).toMatchObject({
      actor_username: 'merchant2',
      target_id: cashier.id,
      before: expect.objectContaining({ status: 'active' }),
      after: expect.objectContaining({ status: 'disabled', revoked_sessions: 2 }),
    });
    const [enable] = await loggedActions(t.db, 'sub_account.enable');
    expect(enable).toMatchObject({
      before: expect.objectContaining({ status: 'disabled' }),
      after: expect.objectContaining({ status: 'active' }),
    });
  });

  it('a reset password revokes its sessions and asks for the first-time step again', async () => {
    const sub = await t.signIn('cashier@example.test', OWN);
    const NEW_TEMP = 'Another#Temp42';
    const reset = await t.call('resetSubAccountPassword', {
      ...merchant,
      id: cashier.id,
      temporaryPassword: NEW_TEMP,
    });
    expect(reset).toMatchObject({ status: 200, data: { must_change_password: true } });
    expect((await t.call('getPayinList', sub)).status).toBe(440);
    expect((await t.call('login', { email: 'cashier@example.test', password: OWN })).status).toBe(
      403,
    );
    const again = await signInFirstTime('cashier@example.test', NEW_TEMP);
    expect((await t.call('getPayinList', again)).status).toBe(200);
    const [logged] = await loggedActions(t.db, 'sub_account.reset_password');
    expect(logged).toMatchObject({
      actor_username: 'merchant2',
      target_id: cashier.id,
      before: expect.objectContaining({ must_change_password: false }),
      after: expect.objectContaining({ must_change_password: true, revoked_sessions: 2 }),
    });
    expect(JSON.stringify(logged)).not.toContain(NEW_TEMP);
  });
});
