import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogRow } from '@bo/contract';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: { accessToken: string; accessUsername: string };

interface Page {
  rows: { action: string; actor_username: string; created_at: string; outcome: string }[];
  total: number;
  page: number;
  page_size: number;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.call('login', { email: 'merchant@demo.test', password: 'wrong-one' });
  await t.call('login', { email: 'merchant@demo.test', password: 'wrong-two' });
  await t.signIn('reseller@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

describe('getAdminLogs', () => {
  it('lists entries newest first with the contract’s fields', async () => {
    const answer = await t.call<Page>('getAdminLogs', admin);
    expect(answer.status).toBe(200);
    expect(answer.data.total).toBe(4);
    for (const row of answer.data.rows) adminLogRow.parse(row);
    const times = answer.data.rows.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(answer.data.rows[0]).toMatchObject({ action: 'sign_in', actor_username: 'admin' });
  });

  it('filters by action, also as a prefix', async () => {
    const exact = await t.call<Page>('getAdminLogs', { ...admin, action: 'sign_in.failed' });
    expect(exact.data.rows.map((r) => r.outcome)).toEqual(['failure', 'failure']);
    const prefix = await t.call<Page>('getAdminLogs', { ...admin, action: 'sign_in' });
    expect(prefix.data.total).toBe(4);
    const wildcard = await t.call<Page>('getAdminLogs', { ...admin, action: 'sign%' });
    expect(wildcard.data.total).toBe(0);
  });

  it('filters by actor and time', async () => {
    const byActor = await t.call<Page>('getAdminLogs', { ...admin, actor: 'merchant' });
    expect(byActor.data.total).toBe(2);
    const future = await t.call<Page>('getAdminLogs', { ...admin, from: '2999-01-01T00:00:00Z' });
    expect(future.data).toMatchObject({ total: 0, rows: [] });
    const bad = await t.call('getAdminLogs', { ...admin, from: 'yesterday-ish' });
    expect(bad).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^from must be an ISO-8601 date/),
    });
  });

  it('pages', async () => {
    const first = await t.call<Page>('getAdminLogs', { ...admin, pageSize: '3' });
    const second = await t.call<Page>('getAdminLogs', { ...admin, pageSize: '3', page: '2' });
    expect(first.data.rows).toHaveLength(3);
    expect(second.data).toMatchObject({ page: 2, page_size: 3, total: 4 });
    expect(second.data.rows).toHaveLength(1);
    const beyond = await t.call<Page>('getAdminLogs', { ...admin, page: '9' });
    expect(beyond.data).toMatchObject({ rows: [], total: 4 });
    expect((await t.call('getAdminLogs', { ...admin, pageSize: '1000' })).message).toBe(
      'pageSize must be at most 200',
    );
  });

  it('is for admins with the administrator module only', async () => {
    for (const email of ['reseller@demo.test', 'merchant@demo.test', 'sub@demo.test']) {
      const auth = await t.signIn(email);
      expect((await t.call('getAdminLogs', auth)).status).toBe(403);
    }
    await t.db.query(`DELETE FROM account_modules WHERE module = 'administrator'`);
    expect((await t.call('getAdminLogs', admin)).status).toBe(403);
  });
});
