import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatUsdtRate,
  isWithinBand,
  parseUsdtRate,
  percentChange,
  settingChangeRow,
  type SettingChangeRow,
} from '@bo/contract';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import { loggedActions } from '../support/admin-log';
import { DEMO_PASSWORD } from '../support/test-app';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

/**
 * Guard rails where one click moves everyone's money (issue 25, docs/security.md, Guarded
 * settings): a USDT rate change beyond its band, and every change of an approval threshold, of
 * the request expiry or of the band, waits for a second admin through the money-out
 * maker-checker (one person is one approver; never whoever asked nor an account of theirs).
 */
let t: MoneyApp;
/** A sub-account of admin@ with the administrator module: the same person as admin@. */
const OPS = 'ops-admin@example.test';

beforeAll(async () => {
  t = await startMoneyApp();
  const made = await t.as(ADMIN, 'createSubAccount', {
    email: OPS,
    username: 'opsadmin',
    name: 'Operator Admin',
    modules: 'administrator',
    temporaryPassword: DEMO_PASSWORD,
  });
  expect(made.status, made.message).toBe(200);
  await t.db.query('UPDATE accounts SET must_change_password = false WHERE email = $1', [OPS]);
}, 300_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface RateAnswer {
  currency: string;
  rate: string;
  pending_change: SettingChangeRow | null;
}
interface SettingsAnswer {
  expiry_hours: number;
  usdt_rate_band_percent: number;
  thresholds: { currency: string; min_amount: string; is_default: boolean }[];
  pending_changes: SettingChangeRow[];
}

const rateOf = async (currency: string) =>
  (
    await t.as<{ rates: { currency: string; rate: string }[] }>(ADMIN, 'getUsdtRates')
  ).data.rates.find((r) => r.currency === currency)?.rate;

const changeRate = (who: string, currency: string, rate: string) =>
  t.as<RateAnswer>(who, 'changeUsdtRate', { currency, rate, reason: 'Bank quote' });

const pendingRows = async () =>
  (await t.as<{ rows: SettingChangeRow[] }>(ADMIN2, 'getPendingSettingChanges')).data.rows;

const approvalSettings = async () =>
  (await t.as<SettingsAnswer>(ADMIN, 'getApprovalSettings')).data;

describe('the percentage and the band', () => {
  it('is exact, signed, and rounds half away from zero', () => {
    expect(percentChange(3_450_000_000n, 339_500_000n)).toBe('-90.16');
    expect(percentChange(3_450_000_000n, 3_625_000_000n)).toBe('+5.07');
    expect(percentChange(200n, 201n)).toBe('+0.50');
    expect(percentChange(null, 5n)).toBeNull();
    expect(isWithinBand(100n, 110n, 10)).toBe(true);
    expect(isWithinBand(100n, 111n, 10)).toBe(false);
    expect(isWithinBand(100n, 90n, 10)).toBe(true);
    expect(isWithinBand(100n, 89n, 10)).toBe(false);
  });
});

describe('a USDT rate change beyond the band', () => {
  it('waits for a second admin: a −90% cut is not applied', async () => {
    const historyBefore = await t.count('usdt_rate_changes');
    const cut = await changeRate(ADMIN, 'THB', '3.395');
    expect(cut.status, cut.message).toBe(200);
    expect(cut.data.rate).toBe('34.50000000');
    expect(settingChangeRow.parse(cut.data.pending_change)).toMatchObject({
      kind: 'usdt_rate',
      target: 'THB',
      old_value: '34.50000000',
      new_value: '3.39500000',
      change_percent: '-90.16',
      status: 'pending',
      requested_by: 'admin',
      approvals: 0,
      approvals_required: 1,
    });
    expect(await rateOf('THB')).toBe('34.50000000');
    expect(await t.count('usdt_rate_changes')).toBe(historyBefore);
    const waiting = await pendingRows();
    expect(waiting.map((r) => [r.kind, r.target, r.change_percent])).toEqual([
      ['usdt_rate', 'THB', '-90.16'],
    ]);
    expect((await loggedActions(t.db, 'setting_change.request')).at(-1)).toMatchObject({
      actor_username: 'admin',
      target_id: cut.data.pending_change!.id,
      before: { usdt_rate: '34.50000000' },
    });
    // One waiting change per setting.
    const again = await changeRate(ADMIN2, 'THB', '3.4');
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already waiting for a second admin/);
  });

  it('is refused to whoever asked and to an account of theirs; a second admin applies it', async () => {
    const [change] = await pendingRows();
    const own = await t.as(ADMIN, 'approveSettingChange', { id: change!.id });
    expect(own.status).toBe(403);
    const sub = await t.as(OPS, 'approveSettingChange', { id: change!.id });
    expect(sub.status).toBe(403);
    expect(sub.message).toMatch(/sub-account and its parent count as one person/);
    expect(await rateOf('THB')).toBe('34.50000000');
    const other = await t.as(ADMIN2, 'approveSettingChange', { id: change!.id });
    expect(other.status, other.message).toBe(200);
    expect(other.data).toMatchObject({ status: 'approved', approvals: 1, approvals_required: 1 });
    expect(await rateOf('THB')).toBe('3.39500000');
    expect(await pendingRows()).toEqual([]);
    expect((await loggedActions(t.db, 'usdt_rate.change')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      before: { rate: '34.50000000' },
      after: { rate: '3.39500000', requested_by: 'admin' },
    });
    expect((await loggedActions(t.db, 'setting_change.approve')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    const twice = await t.as(ADMIN2, 'approveSettingChange', { id: change!.id });
    expect(twice.status).toBe(409);
  });

  it('asked by a sub-account, is refused to its parent', async () => {
    const asked = await changeRate(OPS, 'MYR', '9.00');
    expect(asked.data.pending_change).not.toBeNull();
    const parent = await t.as(ADMIN, 'approveSettingChange', { id: asked.data.pending_change!.id });
    expect(parent.status).toBe(403);
    const rejected = await t.as(ADMIN2, 'rejectSettingChange', {
      id: asked.data.pending_change!.id,
      ...REJECTION,
    });
    expect(rejected.status, rejected.message).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'rejected' });
    expect(await rateOf('MYR')).toBe('4.47000000');
    const late = await t.as(ADMIN2, 'approveSettingChange', { id: asked.data.pending_change!.id });
    expect(late.status).toBe(409);
    expect((await loggedActions(t.db, 'setting_change.reject')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      after: { status: 'rejected', reason_code: REJECTION.reasonCode },
    });
  });

  it('is refused when the rate in force moved since it was asked', async () => {
    const asked = await changeRate(ADMIN, 'MYR', '2.00');
    expect(asked.data.pending_change?.old_value).toBe('4.47000000');
    expect((await changeRate(ADMIN2, 'MYR', '4.60')).data.pending_change).toBeNull();
    const stale = await t.as(ADMIN2, 'approveSettingChange', { id: asked.data.pending_change!.id });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/is now 4\.60000000, not 4\.47000000/);
    expect(await rateOf('MYR')).toBe('4.60000000');
    await t.as(ADMIN2, 'rejectSettingChange', { id: asked.data.pending_change!.id, ...REJECTION });
  });
});

describe('a currency’s first USDT rate', () => {
  it('has nothing to be measured from: it waits for a second admin, then applies, logged', async () => {
    expect(await rateOf('BDT')).toBeUndefined();
    const first = await changeRate(ADMIN, 'BDT', '119.75');
    expect(first.status, first.message).toBe(200);
    expect(first.data).toMatchObject({ currency: 'BDT', rate: null, updated_at: null });
    expect(settingChangeRow.parse(first.data.pending_change)).toMatchObject({
      kind: 'usdt_rate',
      target: 'BDT',
      old_value: null,
      new_value: '119.75000000',
      change_percent: null,
      status: 'pending',
      requested_by: 'admin',
    });
    expect(await rateOf('BDT')).toBeUndefined();
    expect((await loggedActions(t.db, 'setting_change.request')).at(-1)).toMatchObject({
      target_id: first.data.pending_change!.id,
      before: { usdt_rate: null },
    });
    const approved = await t.as(ADMIN2, 'approveSettingChange', {
      id: first.data.pending_change!.id,
    });
    expect(approved.status, approved.message).toBe(200);
    expect(await rateOf('BDT')).toBe('119.75000000');
    expect((await loggedActions(t.db, 'usdt_rate.change')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      target_id: 'BDT',
      before: { rate: null },
      after: { rate: '119.75000000', requested_by: 'admin' },
    });
  });
});

describe('a USDT rate change within the band', () => {
  it('applies at once, as before', async () => {
    const within = await changeRate(ADMIN, 'THB', '3.7345');
    expect(within.status, within.message).toBe(200);
    expect(within.data).toMatchObject({ rate: '3.73450000', pending_change: null });
    expect(await rateOf('THB')).toBe('3.73450000');
  });
});

describe('the band is measured from the reviewed rate, not the rate in force', () => {
  // One admin alone walking the rate in in-band steps (34.50 → ~3.40 in 22 steps of −10%)
  // would move it anywhere without a second admin: the band is measured from the last rate a
  // second admin approved (the reviewed rate; the seeded INR 83.50 counts as one).
  it('one admin’s repeated in-band steps wait once they leave the band of the reviewed rate', async () => {
    const step = await changeRate(ADMIN, 'INR', '75.15');
    expect(step.status, step.message).toBe(200);
    expect(step.data).toMatchObject({
      rate: '75.15000000',
      reviewed_rate: '83.50000000',
      pending_change: null,
    });
    // −10% of the rate in force, but −19% of the reviewed 83.50: it waits.
    const next = await changeRate(ADMIN, 'INR', '67.635');
    expect(next.status, next.message).toBe(200);
    expect(next.data.rate).toBe('75.15000000');
    expect(next.data.pending_change).toMatchObject({
      kind: 'usdt_rate',
      target: 'INR',
      old_value: '75.15000000',
      new_value: '67.63500000',
      change_percent: '-10.00',
      status: 'pending',
    });
    expect(await rateOf('INR')).toBe('75.15000000');
    const { rows } = await t.db.query<{ reviewed_rate_e8: bigint }>(
      `SELECT reviewed_rate_e8 FROM usdt_rates WHERE currency = 'INR'`,
    );
    expect(BigInt(rows[0]!.reviewed_rate_e8)).toBe(8_350_000_000n);
    const rejected = await t.as(ADMIN2, 'rejectSettingChange', {
      id: next.data.pending_change!.id,
      ...REJECTION,
    });
    expect(rejected.status, rejected.message).toBe(200);
    // Back within the band of the reviewed rate, a step applies at once again.
    expect((await changeRate(ADMIN, 'INR', '80')).data.pending_change).toBeNull();
    expect(await rateOf('INR')).toBe('80.00000000');
  });

  it('after a second admin approves a change, the band is measured from the approved rate', async () => {
    const asked = await changeRate(ADMIN, 'INR', '67.635');
    expect(asked.data.pending_change).not.toBeNull();
    const approved = await t.as(ADMIN2, 'approveSettingChange', {
      id: asked.data.pending_change!.id,
    });
    expect(approved.status, approved.message).toBe(200);
    expect(await rateOf('INR')).toBe('67.63500000');
    // −10% of the approved 67.635 applies at once…
    const step = await changeRate(ADMIN, 'INR', '60.8715');
    expect(step.data).toMatchObject({
      rate: '60.87150000',
      reviewed_rate: '67.63500000',
      pending_change: null,
    });
    // …but 57 is −6.36% of the rate in force and −15.72% of the approved rate: it waits.
    const next = await changeRate(ADMIN, 'INR', '57');
    expect(next.data.rate).toBe('60.87150000');
    expect(next.data.pending_change).toMatchObject({ new_value: '57.00000000', status: 'pending' });
    // The other way too: +10% of the approved rate applies, beyond it waits.
    await t.as(ADMIN2, 'rejectSettingChange', { id: next.data.pending_change!.id, ...REJECTION });
    expect((await changeRate(ADMIN, 'INR', '74.3985')).data.pending_change).toBeNull();
    const up = await changeRate(ADMIN, 'INR', '74.40');
    expect(up.data.pending_change).not.toBeNull();
    await t.as(ADMIN2, 'rejectSettingChange', { id: up.data.pending_change!.id, ...REJECTION });
    expect(await rateOf('INR')).toBe('74.39850000');
  });
});

describe('approval settings', () => {
  it('a threshold change waits for a second admin, then applies', async () => {
    // A reason is required, as with every maker-checker request: without one nothing waits.
    const unexplained = await t.as(ADMIN, 'setApprovalSettings', {
      currency: 'THB',
      minAmount: '500',
      reason: '  ',
    });
    expect(unexplained).toMatchObject({ status: 400, message: 'reason is required' });
    expect(await pendingRows()).toEqual([]);
    const asked = await t.as<SettingsAnswer>(ADMIN, 'setApprovalSettings', {
      currency: 'THB',
      minAmount: '500',
      reason: 'Large pay-outs need four eyes',
    });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.thresholds.find((x) => x.currency === 'THB')?.min_amount).toBe('0.00');
    expect(asked.data.pending_changes).toMatchObject([
      {
        kind: 'approval_threshold',
        target: 'THB',
        old_value: '0.00',
        new_value: '500.00',
        change_percent: null,
        reason: 'Large pay-outs need four eyes',
      },
    ]);
    expect((await loggedActions(t.db, 'setting_change.request')).at(-1)).toMatchObject({
      after: { reason: 'Large pay-outs need four eyes' },
    });
    const id = asked.data.pending_changes[0]!.id;
    expect((await t.as(OPS, 'approveSettingChange', { id })).status).toBe(403);
    expect((await approvalSettings()).thresholds.find((x) => x.currency === 'THB')).toMatchObject({
      min_amount: '0.00',
      is_default: true,
    });
    expect((await t.as(ADMIN2, 'approveSettingChange', { id })).status).toBe(200);
    expect((await approvalSettings()).thresholds.find((x) => x.currency === 'THB')).toMatchObject({
      min_amount: '500.00',
      is_default: false,
    });
    expect((await loggedActions(t.db, 'approval_settings.update')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      before: { threshold: '0.00' },
      after: {
        threshold: '500.00',
        reason: 'Large pay-outs need four eyes',
        requested_by: 'admin',
      },
    });
  });

  it('an expiry change waits for a second admin; rejected, the old value stays', async () => {
    const asked = await t.as<SettingsAnswer>(ADMIN2, 'setApprovalSettings', {
      expiryHours: '1',
      reason: 'Decide within the hour',
    });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.expiry_hours).toBe(72);
    expect(asked.data.pending_changes).toMatchObject([
      { kind: 'approval_expiry', old_value: '72', new_value: '1', change_percent: '-98.61' },
    ]);
    const id = asked.data.pending_changes[0]!.id;
    expect((await t.as(ADMIN2, 'approveSettingChange', { id })).status).toBe(403);
    expect((await t.as(ADMIN, 'rejectSettingChange', { id, ...REJECTION })).status).toBe(200);
    expect((await approvalSettings()).expiry_hours).toBe(72);
    const same = await t.as(ADMIN, 'setApprovalSettings', { expiryHours: '72', reason: 'Same' });
    expect(same.status).toBe(409);
  });

  it('the band is itself guarded, and a wider band lets a larger change apply', async () => {
    expect((await approvalSettings()).usdt_rate_band_percent).toBe(10);
    const asked = await t.as<SettingsAnswer>(ADMIN, 'setApprovalSettings', {
      usdtRateBandPercent: '50',
      reason: 'A volatile market',
    });
    expect(asked.data.pending_changes).toMatchObject([
      { kind: 'usdt_rate_band', old_value: '10', new_value: '50', change_percent: '+400.00' },
    ]);
    expect((await approvalSettings()).usdt_rate_band_percent).toBe(10);
    // −40%: beyond ±10%, so it waits while the band is still 10.
    const before = await changeRate(ADMIN2, 'VND', '15000');
    expect(before.data.pending_change).not.toBeNull();
    await t.as(ADMIN, 'rejectSettingChange', { id: before.data.pending_change!.id, ...REJECTION });
    const id = asked.data.pending_changes[0]!.id;
    expect((await t.as(ADMIN2, 'approveSettingChange', { id })).status).toBe(200);
    expect((await approvalSettings()).usdt_rate_band_percent).toBe(50);
    const vnd = parseUsdtRate((await rateOf('VND'))!);
    if (!vnd.ok) throw new Error(vnd.message);
    const wider = await changeRate(ADMIN2, 'VND', formatUsdtRate((vnd.rateE8 * 6n) / 10n));
    expect(wider.data.pending_change).toBeNull();
    const bad = await t.as(ADMIN, 'setApprovalSettings', {
      usdtRateBandPercent: '0',
      reason: 'A test',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^usdtRateBandPercent must be at least 1/);
  });
});

describe('expiry and access', () => {
  it('a change nobody decided expires like any request: the old value stays', async () => {
    const asked = await changeRate(ADMIN, 'THB', '100');
    const id = asked.data.pending_change!.id;
    await sweepExpiredRequests(t.db, new Date(Date.now() + 73 * 3_600_000));
    expect(await pendingRows()).toEqual([]);
    expect(await rateOf('THB')).toBe('3.73450000');
    const { rows } = await t.db.query<{ status: string; decision_reason_code: string }>(
      'SELECT status, decision_reason_code FROM setting_changes WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: 'rejected', decision_reason_code: 'expired' });
    expect((await loggedActions(t.db, 'setting_change.expire')).at(-1)).toMatchObject({
      actor_username: 'system',
      target_id: id,
    });
  });

  it('refuses the queue and its decisions to everyone but administrators', async () => {
    for (const who of [MERCHANT, RESELLER]) {
      expect((await t.as(who, 'getPendingSettingChanges')).status).toBe(403);
      expect((await t.as(who, 'approveSettingChange', { id: UNKNOWN_ID })).status).toBe(403);
    }
    const unknown = await t.as(ADMIN2, 'approveSettingChange', { id: UNKNOWN_ID });
    expect(unknown.status).toBe(404);
  });
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
