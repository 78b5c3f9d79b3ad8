import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import { loggedActions } from '../support/admin-log';
import { DEMO_PASSWORD } from '../support/test-app';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  RESELLER,
  fundDemoMerchant,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

/**
 * General settings (/general-settings): admins with the administrator module change the
 * platform settings; each change is checked, logged before and after, and read by the product
 * right away (getAppSettings, sign-in limits, maker-checker thresholds, request expiry).
 */
let t: MoneyApp;

interface Values {
  live_update_interval_ms: number;
  payin_stuck_minutes: number;
  announcement_channel_url: string;
  marketing_materials_url: string;
  skype_url: string;
  login_max_failures_per_account: number;
  login_max_failures_per_address: number;
  login_failure_window_minutes: number;
  refund_returns_payin_fee: number;
}
interface General {
  settings: Values;
  defaults: Values;
  is_included_demo_data: 0 | 1;
}

const read = async () => (await t.as<General>(ADMIN, 'getPlatformSettings')).data;
const appSettings = async () =>
  (await t.call<Record<string, unknown>>('getAppSettings')).data as Record<string, unknown>;
const logs = () => loggedActions(t.db, 'platform_settings.update');

beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'platform-settings-seed');
});
afterAll(() => t.close());

describe('access', () => {
  it('refuses merchants, resellers and admins without the administrator module', async () => {
    await t.db.query(
      `DELETE FROM account_modules WHERE module = 'administrator'
         AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [ADMIN2],
    );
    for (const who of [MERCHANT, RESELLER, ADMIN2]) {
      expect((await t.as(who, 'getPlatformSettings')).status).toBe(403);
      const write = await t.as(who, 'setPlatformSettings', { payinStuckMinutes: '30' });
      expect({ who, status: write.status }).toEqual({ who, status: 403 });
      expect((await t.as(who, 'setApprovalSettings', { expiryHours: '5' })).status).toBe(403);
    }
    expect((await t.call('getPlatformSettings')).status).toBe(440);
    expect(await logs()).toHaveLength(0);
    expect((await read()).settings.payin_stuck_minutes).toBe(15);
    // admin2 is the second admin of the guarded approval settings below: give it back.
    await t.db.query(
      `INSERT INTO account_modules (account_id, module)
       SELECT id, 'administrator' FROM accounts WHERE email = $1`,
      [ADMIN2],
    );
  });
});

describe('getPlatformSettings', () => {
  it('answers the environment defaults while nothing is saved, and the demo toggle', async () => {
    const general = await read();
    expect(general.settings).toEqual({
      live_update_interval_ms: 60_000,
      payin_stuck_minutes: 15,
      announcement_channel_url: 'https://t.me/s/telegram',
      marketing_materials_url: 'https://drive.google.com/',
      skype_url: 'https://web.skype.com/',
      login_max_failures_per_account: 5,
      login_max_failures_per_address: 20,
      login_failure_window_minutes: 15,
      refund_returns_payin_fee: 0,
      adjustment_third_approver_from: 0,
    });
    expect(general.defaults).toEqual(general.settings);
    expect(general.is_included_demo_data).toBe(1);
  });
});

describe('setPlatformSettings', () => {
  it('refuses each bad setting with a 400 naming the field, changing nothing', async () => {
    const before = await read();
    const cases: [Record<string, string>, string][] = [
      [{}, 'liveUpdateIntervalMs or another setting is required'],
      [{ liveUpdateIntervalMs: '999' }, 'liveUpdateIntervalMs must be at least 1000'],
      [{ liveUpdateIntervalMs: '3600001' }, 'liveUpdateIntervalMs must be at most 3600000'],
      [{ liveUpdateIntervalMs: 'fast' }, 'liveUpdateIntervalMs must be a whole number'],
      [{ payinStuckMinutes: '0' }, 'payinStuckMinutes must be at least 1'],
      [{ payinStuckMinutes: '1.5' }, 'payinStuckMinutes must be a whole number'],
      [{ payinStuckMinutes: '10081' }, 'payinStuckMinutes must be at most 10080'],
      [
        { announcementChannelUrl: 'javascript:alert(1)' },
        'announcementChannelUrl must be an http or https address',
      ],
      [
        { marketingMaterialsUrl: 'drive.google.com' },
        'marketingMaterialsUrl must be an http or https address',
      ],
      [
        { skypeUrl: `https://chat.example/${'x'.repeat(500)}` },
        'skypeUrl must be at most 500 characters',
      ],
      [{ loginMaxFailuresPerAccount: '0' }, 'loginMaxFailuresPerAccount must be at least 1'],
      [{ loginMaxFailuresPerAddress: '10001' }, 'loginMaxFailuresPerAddress must be at most 10000'],
      [{ loginFailureWindowMinutes: '1441' }, 'loginFailureWindowMinutes must be at most 1440'],
      // One bad field refuses the whole change, the good one included.
      [
        { payinStuckMinutes: '30', loginFailureWindowMinutes: '-1' },
        'loginFailureWindowMinutes must be at least 1',
      ],
    ];
    for (const [fields, message] of cases) {
      const answer = await t.as(ADMIN, 'setPlatformSettings', fields);
      expect({ fields, status: answer.status, message: answer.message }).toEqual({
        fields,
        status: 400,
        message,
      });
    }
    expect(await read()).toEqual(before);
    expect(await logs()).toHaveLength(0);
  });

  it('logs each change with the values before and after, and answers the new settings', async () => {
    const saved = await t.as<General>(ADMIN, 'setPlatformSettings', {
      liveUpdateIntervalMs: '5000',
      payinStuckMinutes: '45',
    });
    expect(saved.status).toBe(200);
    expect(saved.data.settings).toMatchObject({
      live_update_interval_ms: 5000,
      payin_stuck_minutes: 45,
    });
    expect(saved.data.defaults.live_update_interval_ms).toBe(60_000);
    expect(await logs()).toEqual([
      expect.objectContaining({
        actor_username: 'admin',
        outcome: 'success',
        target_id: 'live_update_interval_ms,payin_stuck_minutes',
        before: { live_update_interval_ms: 60_000, payin_stuck_minutes: 15 },
        after: { live_update_interval_ms: 5000, payin_stuck_minutes: 45 },
      }),
    ]);
    await t.as(ADMIN, 'setPlatformSettings', { skypeUrl: 'https://chat.example.com/room/1' });
    const second = (await logs())[1];
    expect(second).toMatchObject({
      before: { skype_url: 'https://web.skype.com/' },
      after: { skype_url: 'https://chat.example.com/room/1' },
    });
    expect(await read()).toMatchObject({ settings: { payin_stuck_minutes: 45 } });
  });
});

describe('the product reads the settings', () => {
  it('getAppSettings answers the saved interval, stuck age and links at once', async () => {
    await appSettings(); // fills the settings cache
    await t.as(ADMIN, 'setPlatformSettings', {
      liveUpdateIntervalMs: '7000',
      payinStuckMinutes: '20',
      announcementChannelUrl: 'https://t.me/s/platform_news',
      marketingMaterialsUrl: 'https://files.example.com/marketing',
      skypeUrl: 'https://chat.example.com/support',
    });
    expect(await appSettings()).toEqual({
      live_update_interval_ms: 7000,
      payin_stuck_minutes: 20,
      announcement_channel_url: 'https://t.me/s/platform_news',
      marketing_materials_url: 'https://files.example.com/marketing',
      skype_url: 'https://chat.example.com/support',
      demo_seed: null,
    });
  });

  it('a lowered sign-in limit refuses sign-in sooner', async () => {
    const email = 'merchant5@demo.test';
    const options = { remoteAddress: '203.0.113.50' };
    for (let i = 0; i < 2; i++) {
      const bad = await t.call('login', { email, password: 'wrong-password' }, options);
      expect(bad.status).toBe(403);
    }
    // Two failures are within the default five: the right password still signs in.
    expect((await t.call('login', { email, password: DEMO_PASSWORD }, options)).status).toBe(200);
    await t.as(ADMIN, 'setPlatformSettings', { loginMaxFailuresPerAccount: '2' });
    const refused = await t.call('login', { email, password: DEMO_PASSWORD }, options);
    expect(refused).toMatchObject({ status: 429 });
    expect(refused.message).toMatch(/Too many failed sign-ins for this account.*15 minutes/);
    // A longer window (tighter) names itself at once; a higher limit (looser) lets the account
    // in again once a second admin approves it (sign-in-limit-guard.test.ts).
    await t.as(ADMIN, 'setPlatformSettings', { loginFailureWindowMinutes: '20' });
    const again = await t.call('login', { email, password: DEMO_PASSWORD }, options);
    expect(again.message).toMatch(/try again in 20 minutes/);
    const raised = await t.as<{ pending_changes: { id: string }[] }>(ADMIN, 'setPlatformSettings', {
      loginMaxFailuresPerAccount: '5',
      loginFailureWindowMinutes: '15',
      reason: 'Back to 5',
    });
    for (const change of raised.data.pending_changes)
      expect((await t.as(ADMIN2, 'approveSettingChange', { id: change.id })).status).toBe(200);
    expect((await t.call('login', { email, password: DEMO_PASSWORD }, options)).status).toBe(200);
  });

  it('a new maker-checker threshold changes whether a settlement needs two approvals', async () => {
    const settle = (amount: string) =>
      t.as<{ id: string; approvals_required: number }>(MERCHANT, 'requestSettlement', {
        currency: 'THB',
        amount,
      });
    expect((await settle('100.00')).data.approvals_required).toBe(2);
    const bad = await t.as(ADMIN, 'setApprovalSettings', {
      currency: 'THB',
      minAmount: '1.234',
      reason: 'A test',
    });
    expect(bad).toMatchObject({
      status: 400,
      message: 'minAmount must have at most 2 decimals in THB',
    });
    await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '500' });
    expect((await settle('100.00')).data.approvals_required).toBe(1);
    expect((await settle('500.00')).data.approvals_required).toBe(2);
    const logged = await loggedActions(t.db, 'approval_settings.update');
    expect(logged.at(-1)).toMatchObject({
      target_id: 'THB',
      before: { threshold: '0.00' },
      after: { threshold: '500.00' },
    });
  });

  it('the new expiry is used by request expiry', async () => {
    const in25Hours = () => new Date(Date.now() + 25 * 3_600_000);
    // The settlements above wait; with the default 72 hours none expires after 25.
    expect(await sweepExpiredRequests(t.db, in25Hours())).toBe(0);
    const bad = await t.as(ADMIN, 'setApprovalSettings', { expiryHours: '0', reason: 'A test' });
    expect(bad).toMatchObject({ status: 400, message: 'expiryHours must be at least 1' });
    expect(await sweepExpiredRequests(t.db, in25Hours())).toBe(0);
    await t.setApprovalSettingsByTwo({ expiryHours: '24' });
    expect(await sweepExpiredRequests(t.db, in25Hours())).toBe(3);
    expect((await loggedActions(t.db, 'approval_settings.update')).at(-1)).toMatchObject({
      before: { expiry_hours: '72' },
      after: { expiry_hours: '24' },
    });
  });

  it('the demo-data toggle shows on the general settings and is logged', async () => {
    expect((await t.as(ADMIN, 'onOffDemoData', { enabled: '0' })).status).toBe(200);
    expect((await read()).is_included_demo_data).toBe(0);
    expect((await loggedActions(t.db, 'dashboard.demo_data')).at(-1)).toMatchObject({
      before: { is_included_demo_data: 1 },
      after: { is_included_demo_data: 0 },
    });
    await t.as(ADMIN, 'onOffDemoData', { enabled: '1' });
    expect((await read()).is_included_demo_data).toBe(1);
  });
});
