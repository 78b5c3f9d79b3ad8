import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingChangeRow } from '@bo/contract';
import { loggedActions } from '../support/admin-log';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 39: loosening a sign-in limit (more failures per account or per address, a shorter
 * window) is a guarded setting: one admin's change waits until a different admin approves it,
 * and the limit in force keeps refusing until then. Tightening applies at once.
 */
const ADMIN = 'admin@demo.test';
const ADMIN2 = 'admin2@demo.test';
const REASON = 'Partner office behind one NAT address';

interface General {
  settings: {
    login_max_failures_per_account: number;
    login_max_failures_per_address: number;
    login_failure_window_minutes: number;
    payin_stuck_minutes: number;
  };
  pending_changes: SettingChangeRow[];
}
type Session = { accessToken: string; accessUsername: string };

let t: TestApp;
const sessions = new Map<string, Session>();

beforeAll(async () => {
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
    LOGIN_FAILURE_WINDOW_MINUTES: '15',
  });
  for (const email of [ADMIN, ADMIN2]) sessions.set(email, await t.signIn(email));
});
afterAll(() => t.close());

const as = <T>(email: string, call: string, fields: Record<string, string> = {}) =>
  t.call<T>(call, { ...sessions.get(email)!, ...fields });
const settings = async () => (await as<General>(ADMIN, 'getPlatformSettings')).data;

/** Fails sign-in `times` times for `email` from its own address. */
async function failSignIns(email: string, times: number, remoteAddress: string) {
  for (let i = 0; i < times; i++) {
    const bad = await t.call('login', { email, password: 'wrong-password' }, { remoteAddress });
    expect(bad.status).toBe(403);
  }
}

describe('loosening a sign-in limit waits for a second admin', () => {
  it('a raise of the per-account limit applies only once a different admin approves it', async () => {
    const email = 'merchant@demo.test';
    const from = { remoteAddress: '203.0.113.61' };
    await failSignIns(email, 5, from.remoteAddress);

    const asked = await as<General>(ADMIN, 'setPlatformSettings', {
      loginMaxFailuresPerAccount: '123',
      reason: REASON,
    });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.settings.login_max_failures_per_account).toBe(5);
    expect(asked.data.pending_changes).toEqual([
      expect.objectContaining({
        kind: 'login_max_failures_per_account',
        old_value: '5',
        new_value: '123',
        reason: REASON,
        requested_by: 'admin',
        status: 'pending',
      }),
    ]);
    // Not in force: the account stays refused, and the screen's reading shows it waiting.
    expect((await t.call('login', { email, password: DEMO_PASSWORD }, from)).status).toBe(429);
    expect((await settings()).pending_changes).toHaveLength(1);

    const id = asked.data.pending_changes[0]!.id;
    const own = await as(ADMIN, 'approveSettingChange', { id });
    expect(own.status).toBe(403);
    expect((await settings()).settings.login_max_failures_per_account).toBe(5);

    const other = await as(ADMIN2, 'approveSettingChange', { id });
    expect(other.status, other.message).toBe(200);
    expect(await settings()).toMatchObject({
      settings: { login_max_failures_per_account: 123 },
      pending_changes: [],
    });
    expect((await t.call('login', { email, password: DEMO_PASSWORD }, from)).status).toBe(200);
    expect((await loggedActions(t.db, 'platform_settings.update')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      before: { login_max_failures_per_account: 5 },
      after: { login_max_failures_per_account: 123, requested_by: 'admin', reason: REASON },
    });
  });

  it('a raise per address and a shorter window wait too, and need a reason', async () => {
    const noReason = await as(ADMIN, 'setPlatformSettings', { loginFailureWindowMinutes: '5' });
    expect(noReason).toMatchObject({ status: 400 });
    expect(noReason.message).toMatch(/^reason is required/);

    const asked = await as<General>(ADMIN, 'setPlatformSettings', {
      loginMaxFailuresPerAddress: '500',
      loginFailureWindowMinutes: '5',
      payinStuckMinutes: '40',
      reason: REASON,
    });
    expect(asked.status, asked.message).toBe(200);
    // What loosens nothing applies at once beside them.
    expect(asked.data.settings).toMatchObject({
      login_max_failures_per_address: 20,
      login_failure_window_minutes: 15,
      payin_stuck_minutes: 40,
    });
    expect(asked.data.pending_changes.map((c) => [c.kind, c.new_value]).sort()).toEqual([
      ['login_failure_window_minutes', '5'],
      ['login_max_failures_per_address', '500'],
    ]);
    for (const change of asked.data.pending_changes) {
      const rejected = await as(ADMIN2, 'rejectSettingChange', {
        id: change.id,
        reasonCode: 'other',
        note: 'Not agreed',
      });
      expect(rejected.status, rejected.message).toBe(200);
    }
    expect((await settings()).settings).toMatchObject({
      login_max_failures_per_address: 20,
      login_failure_window_minutes: 15,
    });
  });

  it('tightening applies at once, from one admin', async () => {
    const saved = await as<General>(ADMIN, 'setPlatformSettings', {
      loginMaxFailuresPerAccount: '3',
      loginMaxFailuresPerAddress: '10',
      loginFailureWindowMinutes: '30',
    });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.settings).toMatchObject({
      login_max_failures_per_account: 3,
      login_max_failures_per_address: 10,
      login_failure_window_minutes: 30,
    });
    expect(saved.data.pending_changes).toEqual([]);
    const email = 'merchant2@demo.test';
    await failSignIns(email, 3, '203.0.113.62');
    const refused = await t.call('login', { email, password: DEMO_PASSWORD });
    expect(refused.message).toBe(
      'Too many failed sign-ins for this account, try again in 30 minutes',
    );
  });
});
