import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedActions } from '../support/admin-log';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('profile', () => {
  it('updates name, phone, telegram, language and time zone, logging before and after', async () => {
    const auth = await t.signIn('merchant@demo.test');
    const answer = await t.call('updateProfile', {
      ...auth,
      name: 'Siam Store',
      phone: '+66 81 234 5678',
      telegram_id: '@siam',
      lang: 'th',
    });
    expect(answer.message).toBe('lang must be one of en, fr, es, zh, ar');
    const ok = await t.call('updateProfile', {
      ...auth,
      name: 'Siam Store',
      phone: '+66 81 234 5678',
      telegram_id: '@siam',
      lang: 'ar',
      timezone: 'Thailand',
    });
    expect(ok).toMatchObject({
      status: 200,
      data: { name: 'Siam Store', lang: 'ar', timezone: 'Thailand', telegram_id: '@siam' },
    });
    const login = await t.call<{ lang: string; telegram_id: string }>('login', {
      email: 'merchant@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(login.data).toMatchObject({ lang: 'ar', telegram_id: '@siam' });
    const [entry] = await loggedActions(t.db, 'profile.update');
    expect(entry).toMatchObject({
      before: { name: 'Siam Digital Store', lang: 'en' },
      after: { name: 'Siam Store', lang: 'ar' },
    });
  });

  it('remembers layout settings and refuses values outside the spec', async () => {
    const auth = await t.signIn('reseller@demo.test');
    const bad = await t.call('saveLayoutSettings', {
      ...auth,
      layout: 'diagonal',
      width: 'fluid',
      sidebar: 'dark',
      topbar: 'light',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^layout /);
    const saved = await t.call('saveLayoutSettings', {
      ...auth,
      layout: 'horizontal',
      width: 'boxed',
      sidebar: 'dark',
      topbar: 'colored',
    });
    expect(saved.status).toBe(200);
    const other = await t.signIn('reseller@demo.test');
    const full = await t.call<{ profileInfo: { layout_settings: Record<string, string> } }>(
      'getUserFullData',
      other,
    );
    expect(full.data.profileInfo.layout_settings).toEqual({
      layout: 'horizontal',
      width: 'boxed',
      sidebar: 'dark',
      topbar: 'colored',
    });
  });

  it('starts with the default layout of the spec', async () => {
    const auth = await t.signIn('merchant3@demo.test');
    const full = await t.call<{ profileInfo: { layout_settings: Record<string, string> } }>(
      'getUserFullData',
      auth,
    );
    expect(full.data.profileInfo.layout_settings).toEqual({
      layout: 'vertical',
      width: 'fluid',
      sidebar: 'light',
      topbar: 'light',
    });
  });
});

describe('changePassword', () => {
  const NEW = 'Fresh#Password99';

  it('needs the current password and a policy-compliant new one', async () => {
    const auth = await t.signIn('merchant4@demo.test');
    const wrong = await t.call('changePassword', {
      ...auth,
      currentPassword: 'nope',
      newPassword: NEW,
    });
    expect(wrong).toMatchObject({ status: 403, message: 'The current password is wrong' });
    const weak = await t.call('changePassword', {
      ...auth,
      currentPassword: DEMO_PASSWORD,
      newPassword: 'abcdefghijk',
    });
    expect(weak).toMatchObject({
      status: 400,
      message: 'newPassword: Password needs an upper-case letter, a digit, a symbol',
    });
    expect(
      (await t.call('login', { email: 'merchant4@demo.test', password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });

  it('revokes every other session and keeps the current one', async () => {
    const other = await t.signIn('merchant4@demo.test');
    const current = await t.signIn('merchant4@demo.test');
    const answer = await t.call<{ revoked_sessions: number }>('changePassword', {
      ...current,
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW,
    });
    expect(answer.status).toBe(200);
    expect(answer.data.revoked_sessions).toBeGreaterThanOrEqual(2);
    expect((await t.call('getUserFullData', other)).status).toBe(440);
    expect((await t.call('getUserFullData', current)).status).toBe(200);
    expect(
      (await t.call('login', { email: 'merchant4@demo.test', password: DEMO_PASSWORD })).status,
    ).toBe(403);
    expect((await t.call('login', { email: 'merchant4@demo.test', password: NEW })).status).toBe(
      200,
    );
    const logged = await loggedActions(t.db, 'password.change');
    expect(logged.map((l) => l.outcome)).toEqual(['failure', 'success']);
  });
});

describe('active sessions', () => {
  it('lists the live sessions, marks the current one, and revokes another', async () => {
    const phone = await t.signIn('merchant2@demo.test', DEMO_PASSWORD, {
      headers: { 'user-agent': 'Phone/1.0' },
    });
    const laptop = await t.signIn('merchant2@demo.test', DEMO_PASSWORD, {
      headers: { 'user-agent': 'Laptop/2.0' },
    });
    const list = await t.call<{
      sessions: { id: string; is_current: boolean; user_agent: string }[];
    }>('getSessions', laptop);
    const current = list.data.sessions.filter((s) => s.is_current);
    expect(current).toHaveLength(1);
    expect(current[0]!.user_agent).toBe('Laptop/2.0');
    const phoneSession = list.data.sessions.find((s) => s.user_agent === 'Phone/1.0')!;
    expect((await t.call('revokeSession', { ...laptop, id: phoneSession.id })).status).toBe(200);
    expect((await t.call('getUserFullData', phone)).status).toBe(440);
    expect((await t.call('revokeSession', { ...laptop, id: phoneSession.id })).status).toBe(404);
    expect(await loggedActions(t.db, 'session.revoke')).toHaveLength(1);
  });

  it('cannot revoke another account’s session', async () => {
    const victim = await t.signIn('merchant3@demo.test');
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT s.id FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.username = 'merchant3' AND s.revoked_at IS NULL`,
    );
    const attacker = await t.signIn('merchant2@demo.test');
    const answer = await t.call('revokeSession', { ...attacker, id: rows[0]!.id });
    expect(answer.status).toBe(404);
    expect((await t.call('getUserFullData', victim)).status).toBe(200);
    expect((await t.call('revokeSession', { ...attacker, id: 'not-a-uuid' })).status).toBe(404);
  });
});
