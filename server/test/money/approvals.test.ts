import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import { loggedActions } from '../support/admin-log';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
  fundDemoMerchant,
  topUpDemoMerchant,
  BANK_TRANSFER,
} from './support/money-app';

/**
 * Approvals of back-office money requests: maker-checker (two distinct admins, never the
 * creator, per-currency threshold), reasons for rejections, bulk decisions, expiry of
 * undecided requests and idempotent request forms.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'approvals-seed');
  await topUpDemoMerchant(t, '5000.00');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Row {
  id: string;
  status: string;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}
interface Decision {
  id: string;
  status: string;
  approvals?: number;
  approvals_required?: number;
}
interface BulkResult {
  results: {
    id: string;
    ok: boolean;
    status?: string;
    approvals?: number;
    message?: string;
  }[];
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const settle = (amount: string, fields: Record<string, string> = {}) =>
  t.as<Row>(MERCHANT, 'requestSettlement', { currency: 'THB', amount, ...fields });

const payoutFields = (orderId: string, amount: string) => ({
  currency: 'THB',
  amount,
  orderId,
  bankName: 'Kasikorn',
  accountNumber: '123',
  accountHolder: 'Somchai',
});

const withdrawalFields = (amount: string) => ({
  currency: 'THB',
  amount,
  bankName: 'BBL',
  accountNumber: '9',
  accountHolder: 'Andaman',
});

const balances = async () => {
  const r = await t.as<{
    balances: { currency: string; available: string; payout_available: string }[];
  }>(MERCHANT, 'getReportBalanceForResellerMerchant', { currency: 'THB' });
  const thb = r.data.balances.find((b) => b.currency === 'THB')!;
  return { available: thb.available, payout: thb.payout_available };
};

const commission = async () =>
  (
    await t.as<{ balance: string }>(RESELLER, 'getReportBalanceForResellerMerchant', {
      currency: 'THB',
    })
  ).data.balance;

const settlementRow = async (id: string, email = MERCHANT) =>
  (await t.as<{ rows: Row[] }>(email, 'getSettlementList', { search: id })).data.rows[0]!;

const rateOf = async (currency: string) =>
  (
    await t.as<{ rates: { currency: string; rate: string }[] }>(ADMIN, 'getUsdtRates')
  ).data.rates.find((r) => r.currency === currency)?.rate;

const logsFor = async (action: string, id: string) =>
  (await loggedActions(t.db, action)).filter((l) => l.target_id === id);

describe('maker-checker', () => {
  it('keeps a money-out pending after one approval and refuses the same admin twice', async () => {
    const before = await balances();
    const s = await settle('100.00');
    expect(s.data).toMatchObject({ status: 'pending', approvals: 0, approvals_required: 2 });
    const first = await t.as<Decision>(ADMIN, 'approveSettlement', { id: s.data.id });
    expect(first).toMatchObject({
      status: 200,
      data: { status: 'pending', approvals: 1, approvals_required: 2 },
    });
    expect(await settlementRow(s.data.id, ADMIN)).toMatchObject({
      status: 'pending',
      approvals: 1,
      approvals_required: 2,
    });
    const again = await t.as(ADMIN, 'approveSettlement', { id: s.data.id });
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already approved/);
    expect(await settlementRow(s.data.id)).toMatchObject({ status: 'pending', approvals: 1 });
    // The first approval is in the admin log though nothing moved; the refused one is not.
    const logs = await logsFor('settlement.approved', s.data.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actor_username: 'admin',
      before: { status: 'pending', approvals: 0 },
      after: { status: 'pending', approvals: 1, approvals_required: 2 },
    });
    // Reserved amount + 0.5% fee, nothing else moved.
    expect((await balances()).available).not.toBe(before.available);
  });

  it('moves a money-out on once a second, different admin approves', async () => {
    const s = await settle('200.00');
    await t.as(ADMIN, 'approveSettlement', { id: s.data.id });
    const second = await t.as<Decision>(ADMIN2, 'approveSettlement', { id: s.data.id });
    expect(second).toMatchObject({
      status: 200,
      data: { status: 'approved', approvals: 2, approvals_required: 2 },
    });
    const logs = await logsFor('settlement.approved', s.data.id);
    expect(logs.map((l) => l.actor_username)).toEqual(['admin', 'admin2']);
    expect(logs[1]).toMatchObject({
      before: { status: 'pending', approvals: 1 },
      after: { status: 'approved', approvals: 2 },
    });
    expect(
      (await t.as(ADMIN, 'completeSettlement', { id: s.data.id, ...BANK_TRANSFER })).data,
    ).toMatchObject({
      status: 'completed',
    });
  });

  it('applies the same rule to pay-outs and withdrawals', async () => {
    const p = await t.as<Row>(MERCHANT, 'createPayout', payoutFields('mc-po-1', '10.03'));
    expect((await t.as<Decision>(ADMIN2, 'approvePayout', { id: p.data.id })).data).toMatchObject({
      status: 'pending_approval',
      approvals: 1,
    });
    expect((await t.as(ADMIN2, 'approvePayout', { id: p.data.id })).status).toBe(409);
    expect((await t.as<Decision>(ADMIN, 'approvePayout', { id: p.data.id })).data).toMatchObject({
      status: 'processing',
      approvals: 2,
    });
    await t.sandbox.idle();
    const w = await t.as<Row>(RESELLER, 'requestWithdrawal', withdrawalFields('1.00'));
    expect(
      (await t.as<Decision>(ADMIN, 'approveWithdrawal', { id: w.data.id })).data,
    ).toMatchObject({ status: 'pending', approvals: 1 });
    expect((await t.as(ADMIN, 'approveWithdrawal', { id: w.data.id })).status).toBe(409);
    expect(
      (await t.as<Decision>(ADMIN2, 'approveWithdrawal', { id: w.data.id })).data,
    ).toMatchObject({ status: 'approved' });
  });

  it('refuses the admin who made a request; another admin approves it alone (money in)', async () => {
    const { payout } = await balances();
    const topUp = await t.as<Row>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      amount: '25.00',
    });
    const own = await t.as(ADMIN, 'approveTopUp', { id: topUp.data.id });
    expect(own.status).toBe(403);
    expect(own.message).toMatch(/another admin must approve it/);
    expect((await balances()).payout).toBe(payout);
    expect(await logsFor('top_up.approve', topUp.data.id)).toHaveLength(0);
    const other = await t.as<Decision>(ADMIN2, 'approveTopUp', { id: topUp.data.id });
    expect(other.data).toMatchObject({ status: 'approved', approvals: 1, approvals_required: 1 });
    expect(await logsFor('top_up.approve', topUp.data.id)).toHaveLength(1);
  });

  it('needs one approver below the currency threshold, two at or above it', async () => {
    await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '300.00' });
    const set = await t.as<{ thresholds: { currency: string; min_amount: string }[] }>(
      ADMIN,
      'getApprovalSettings',
    );
    expect(set.data.thresholds.find((x) => x.currency === 'THB')).toMatchObject({
      min_amount: '300.00',
      is_default: false,
    });
    const small = await settle('299.99');
    expect(small.data.approvals_required).toBe(1);
    expect(
      (await t.as<Decision>(ADMIN, 'approveSettlement', { id: small.data.id })).data,
    ).toMatchObject({ status: 'approved', approvals: 1, approvals_required: 1 });
    const large = await settle('300.00');
    expect(
      (await t.as<Decision>(ADMIN, 'approveSettlement', { id: large.data.id })).data,
    ).toMatchObject({ status: 'pending', approvals: 1, approvals_required: 2 });
    // Back to the default (every amount needs two) for the tests after this one.
    await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '0' });
    expect(
      (await t.as<Decision>(ADMIN2, 'approveSettlement', { id: large.data.id })).data,
    ).toMatchObject({ status: 'approved' });
  });
});

describe('approval settings', () => {
  it('answers the defaults, saves changes to the admin log, refuses bad input', async () => {
    const read = await t.as<{
      expiry_hours: number;
      thresholds: { currency: string; min_amount: string; is_default: boolean }[];
    }>(ADMIN2, 'getApprovalSettings');
    expect(read.data.expiry_hours).toBe(72);
    expect(read.data.thresholds.find((x) => x.currency === 'VND')).toEqual({
      currency: 'VND',
      min_amount: '0',
      is_default: true,
    });
    await t.setApprovalSettingsByTwo({ expiryHours: '48' });
    expect(
      (await t.as<{ expiry_hours: number }>(ADMIN, 'getApprovalSettings')).data.expiry_hours,
    ).toBe(48);
    expect((await loggedActions(t.db, 'approval_settings.update')).at(-1)).toMatchObject({
      actor_username: 'admin2',
      before: { expiry_hours: '72' },
      after: { expiry_hours: '48', requested_by: 'admin' },
    });
    const bad: [Record<string, string>, RegExp][] = [
      [{ currency: 'THB' }, /^minAmount is required/],
      [{ minAmount: '5' }, /^currency is required/],
      [{ currency: 'THB', minAmount: '1.001' }, /^minAmount must have at most 2 decimals in THB/],
      [{ currency: 'THB', minAmount: '-1' }, /^minAmount must be/],
      [{ expiryHours: '0' }, /^expiryHours must be at least 1/],
      [{}, /^expiryHours or currency and minAmount, or usdtRateBandPercent are required/],
      [{ expiryHours: '5', reason: ' ' }, /^reason is required/],
    ];
    for (const [fields, message] of bad) {
      const r = await t.as(ADMIN, 'setApprovalSettings', { reason: 'A test', ...fields });
      expect(r.status).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect((await t.as(MERCHANT, 'setApprovalSettings', { expiryHours: '1' })).status).toBe(403);
    expect((await t.as(RESELLER, 'getApprovalSettings')).status).toBe(403);
    await t.setApprovalSettingsByTwo({ expiryHours: '72' });
  });
});

describe('rejections', () => {
  it('need a listed reason code and a note, both shown to the requester', async () => {
    const s = await settle('50.00');
    const missing = await t.as(ADMIN, 'rejectSettlement', { id: s.data.id, note: 'x' });
    expect(missing).toMatchObject({ status: 400, message: 'reasonCode is required' });
    const noNote = await t.as(ADMIN, 'rejectSettlement', { id: s.data.id, reasonCode: 'other' });
    expect(noNote).toMatchObject({ status: 400, message: 'note is required' });
    for (const code of ['nonsense', 'expired']) {
      const r = await t.as(ADMIN, 'rejectSettlement', {
        id: s.data.id,
        reasonCode: code,
        note: 'x',
      });
      expect(r.status).toBe(400);
      expect(r.message).toMatch(/^reasonCode must be one of beneficiary_mismatch, duplicate_/);
    }
    expect((await settlementRow(s.data.id)).status).toBe('pending');
    const rejected = await t.as<Decision>(ADMIN, 'rejectSettlement', {
      id: s.data.id,
      reasonCode: 'beneficiary_mismatch',
      note: 'The account holder is not the merchant',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected' });
    expect(await settlementRow(s.data.id)).toMatchObject({
      status: 'rejected',
      decision_reason_code: 'beneficiary_mismatch',
      decision_note: 'The account holder is not the merchant',
    });
    expect((await logsFor('settlement.rejected', s.data.id))[0]).toMatchObject({
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        reason_code: 'beneficiary_mismatch',
        note: 'The account holder is not the merchant',
      },
    });
  });

  it('come from a list any signed-in user reads and an administrator extends', async () => {
    const list = await t.as<{ rows: { code: string; is_system: boolean }[] }>(
      MERCHANT,
      'getRejectReasons',
    );
    expect(list.data.rows.map((r) => r.code)).toEqual([
      'beneficiary_mismatch',
      'duplicate_request',
      'insufficient_documents',
      'suspected_fraud',
      'other',
      'expired',
      'gateway_rejected',
    ]);
    expect(list.data.rows.slice(-2)).toMatchObject([
      { code: 'expired', is_system: true },
      { code: 'gateway_rejected', is_system: true },
    ]);
    const added = await t.as(ADMIN, 'addRejectReason', {
      code: 'limit_exceeded',
      label: 'Over the daily limit',
    });
    expect(added).toMatchObject({
      status: 200,
      data: { code: 'limit_exceeded', label: 'Over the daily limit', is_system: false },
    });
    expect(
      (await t.as(ADMIN, 'addRejectReason', { code: 'limit_exceeded', label: 'Again' })).status,
    ).toBe(409);
    const bad = await t.as(ADMIN, 'addRejectReason', { code: 'Bad Code', label: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^code must be/);
    expect((await t.as(MERCHANT, 'addRejectReason', { code: 'mine', label: 'x' })).status).toBe(
      403,
    );
    const s = await settle('10.00');
    expect(
      (
        await t.as(ADMIN, 'rejectSettlement', {
          id: s.data.id,
          reasonCode: 'limit_exceeded',
          note: 'Try tomorrow',
        })
      ).status,
    ).toBe(200);
    expect(await logsFor('reject_reason.create', 'limit_exceeded')).toHaveLength(1);
  });
});

describe('bulk decisions', () => {
  it('decide each item on its own: a mix of valid and already-decided items, re-run safely', async () => {
    const a = await settle('11.00');
    const b = await settle('12.00');
    const done = await settle('13.00');
    await t.as(ADMIN, 'rejectSettlement', { id: done.data.id, ...REJECTION });
    const ids = [a.data.id, done.data.id, b.data.id, UNKNOWN_ID].join(',');
    const first = await t.as<BulkResult>(ADMIN, 'decideSettlements', { ids, decision: 'approve' });
    expect(first.status).toBe(200);
    expect(first.data.results).toEqual([
      { id: a.data.id, ok: true, status: 'pending', approvals: 1, approvals_required: 2 },
      { id: done.data.id, ok: false, message: 'A rejected settlement cannot become approved' },
      { id: b.data.id, ok: true, status: 'pending', approvals: 1, approvals_required: 2 },
      { id: UNKNOWN_ID, ok: false, message: 'No settlement has this id' },
    ]);
    // The same admin again: refused item by item, nothing changes.
    const rerun = await t.as<BulkResult>(ADMIN, 'decideSettlements', { ids, decision: 'approve' });
    expect(rerun.data.results.map((r) => r.ok)).toEqual([false, false, false, false]);
    expect(rerun.data.results[0]!.message).toMatch(/already approved/);
    const second = await t.as<BulkResult>(ADMIN2, 'decideSettlements', {
      ids: `${a.data.id}, ${b.data.id}`,
      decision: 'approve',
    });
    expect(second.data.results).toMatchObject([
      { id: a.data.id, ok: true, status: 'approved', approvals: 2 },
      { id: b.data.id, ok: true, status: 'approved', approvals: 2 },
    ]);
    const again = await t.as<BulkResult>(ADMIN2, 'decideSettlements', {
      ids: a.data.id,
      decision: 'approve',
    });
    expect(again.data.results[0]).toMatchObject({ ok: false });
    expect((await settlementRow(a.data.id)).status).toBe('approved');
    expect(await logsFor('settlement.approved', a.data.id)).toHaveLength(2);
  });

  it('reject with one reason for every item; bad reasons and ids change nothing', async () => {
    const before = (await balances()).available;
    const a = await settle('21.00');
    const approved = await settle('22.00');
    await t.approveByTwo('approveSettlement', approved.data.id);
    const noNote = await t.as(ADMIN, 'decideSettlements', {
      ids: a.data.id,
      decision: 'reject',
      reasonCode: 'other',
    });
    expect(noNote).toMatchObject({ status: 400, message: 'note is required to reject' });
    const badCode = await t.as(ADMIN, 'decideSettlements', {
      ids: a.data.id,
      decision: 'reject',
      reasonCode: 'nope',
      note: 'x',
    });
    expect(badCode.status).toBe(400);
    const badId = await t.as(ADMIN, 'decideSettlements', { ids: 'x,y', decision: 'reject' });
    expect(badId).toMatchObject({ status: 400, message: 'ids.0 must be an id' });
    expect((await settlementRow(a.data.id)).status).toBe('pending');
    const ids = `${a.data.id},${approved.data.id}`;
    const rejected = await t.as<BulkResult>(ADMIN, 'decideSettlements', {
      ids,
      decision: 'reject',
      reasonCode: 'suspected_fraud',
      note: 'Checked by hand',
    });
    expect(rejected.data.results).toEqual([
      { id: a.data.id, ok: true, status: 'rejected' },
      { id: approved.data.id, ok: true, status: 'rejected' },
    ]);
    const rerun = await t.as<BulkResult>(ADMIN, 'decideSettlements', {
      ids,
      decision: 'reject',
      reasonCode: 'suspected_fraud',
      note: 'Checked by hand',
    });
    expect(rerun.data.results.map((r) => r.ok)).toEqual([false, false]);
    expect((await balances()).available).toBe(before);
    expect(await settlementRow(a.data.id)).toMatchObject({
      decision_reason_code: 'suspected_fraud',
      decision_note: 'Checked by hand',
    });
  });

  it('serves every queue: pay-outs, wallet settlements, withdrawals, top-ups', async () => {
    const payout = await t.as<Row>(MERCHANT, 'createPayout', payoutFields('bulk-po-1', '5.00'));
    const wallet = await t.as<Row>(MERCHANT, 'requestSettlementWallet', {
      currency: 'THB',
      amount: '34.50',
    });
    const withdrawal = await t.as<Row>(RESELLER, 'requestWithdrawal', withdrawalFields('2.00'));
    const topUp = await t.as<Row>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      amount: '7.00',
    });
    const cases: [string, string, string][] = [
      ['decidePayouts', payout.data.id, 'rejected'],
      ['decideSettlementWallets', wallet.data.id, 'rejected'],
      ['decideWithdrawals', withdrawal.data.id, 'rejected'],
    ];
    for (const [call, id, rejectedAs] of cases) {
      const approve = await t.as<BulkResult>(ADMIN, call, {
        ids: `${id},${UNKNOWN_ID}`,
        decision: 'approve',
      });
      expect(approve.data.results).toMatchObject([
        { id, ok: true, approvals: 1 },
        { id: UNKNOWN_ID, ok: false },
      ]);
      const reject = await t.as<BulkResult>(ADMIN2, call, {
        ids: id,
        decision: 'reject',
        ...REJECTION,
      });
      expect(reject.data.results).toEqual([{ id, ok: true, status: rejectedAs }]);
    }
    // A wallet settlement is not found through the bank queue's call, and the other way round.
    expect(
      (
        await t.as<BulkResult>(ADMIN, 'decideSettlements', {
          ids: wallet.data.id,
          decision: 'approve',
        })
      ).data.results[0],
    ).toMatchObject({ ok: false, message: 'id names a settlement to the USDT wallet' });
    const own = await t.as<BulkResult>(ADMIN, 'decideTopUps', {
      ids: topUp.data.id,
      decision: 'approve',
    });
    expect(own.data.results[0]).toMatchObject({ ok: false });
    const other = await t.as<BulkResult>(ADMIN2, 'decideTopUps', {
      ids: topUp.data.id,
      decision: 'approve',
    });
    expect(other.data.results[0]).toMatchObject({ ok: true, status: 'approved' });
    expect(
      (await t.as(MERCHANT, 'decidePayouts', { ids: payout.data.id, decision: 'approve' })).status,
    ).toBe(403);
    expect(
      (await t.as(RESELLER, 'decideWithdrawals', { ids: withdrawal.data.id, decision: 'approve' }))
        .status,
    ).toBe(403);
  });
});

describe('request keys', () => {
  it('make a repeated request answer the first one and create nothing new', async () => {
    const before = await t.count('settlements');
    const fields = { requestKey: 'form-1', bankName: 'KBank' };
    const [one, two] = await Promise.all([settle('31.00', fields), settle('31.00', fields)]);
    expect(one.status).toBe(200);
    expect(two).toEqual(one);
    const three = await settle('31.00', fields);
    expect(three.data.id).toBe(one.data.id);
    expect(await t.count('settlements')).toBe(before + 1);
    const other = await settle('32.00', fields);
    expect(other).toMatchObject({
      status: 409,
      message: 'requestKey was already used for another request',
    });
    expect(await t.count('settlements')).toBe(before + 1);
    const payoutA = await t.as<Row>(MERCHANT, 'createPayout', {
      ...payoutFields('key-po-1', '3.00'),
      requestKey: 'form-2',
    });
    const payoutB = await t.as<Row>(MERCHANT, 'createPayout', {
      ...payoutFields('key-po-1', '3.00'),
      requestKey: 'form-2',
    });
    expect(payoutB.data.id).toBe(payoutA.data.id);
    const withdrawal = () =>
      t.as<Row>(RESELLER, 'requestWithdrawal', {
        ...withdrawalFields('1.00'),
        requestKey: 'form-2',
      });
    const firstWithdrawal = await withdrawal();
    expect(firstWithdrawal.data.id).not.toBe(payoutA.data.id);
    expect((await withdrawal()).data.id).toBe(firstWithdrawal.data.id);
    const wallet = () =>
      t.as<Row>(MERCHANT, 'requestSettlementWallet', {
        currency: 'THB',
        amount: '3.45',
        requestKey: 'form-3',
      });
    expect((await wallet()).data.id).toBe((await wallet()).data.id);
    const topUp = () =>
      t.as<Row>(ADMIN, 'createTopUp', {
        merchantDbCode: 'MER00002',
        currency: 'THB',
        amount: '1.00',
        requestKey: 'form-2',
      });
    expect((await topUp()).data.id).toBe((await topUp()).data.id);
    // Keys belong to whoever sent them: another user's `form-1` is a request of its own.
    const elsewhere = await t.as<Row>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      amount: '2.00',
      requestKey: 'form-1',
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.data.id).not.toBe(one.data.id);
  });
});

describe('expiry', () => {
  it('rejects requests left undecided past the configured hours and voids their reservations', async () => {
    // Requests left pending by the tests above expire first, so the balances below are ours.
    await sweepExpiredRequests(t.db, new Date(Date.now() + 100 * 3_600_000));
    const start = await balances();
    const startCommission = await commission();
    const s = await settle('40.00');
    const p = await t.as<Row>(MERCHANT, 'createPayout', payoutFields('exp-po-1', '4.00'));
    const w = await t.as<Row>(RESELLER, 'requestWithdrawal', withdrawalFields('3.00'));
    const approvedOnce = await settle('41.00');
    await t.as(ADMIN, 'approveSettlement', { id: approvedOnce.data.id });
    expect((await balances()).available).not.toBe(start.available);
    // 71 hours later nothing has expired yet.
    expect(await sweepExpiredRequests(t.db, new Date(Date.now() + 71 * 3_600_000))).toBe(0);
    await t.setApprovalSettingsByTwo({ expiryHours: '24' });
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await sweepExpiredRequests(t.db, later)).toBe(4);
    expect(await sweepExpiredRequests(t.db, later)).toBe(0);
    expect(await settlementRow(s.data.id)).toMatchObject({
      status: 'rejected',
      decision_reason_code: 'expired',
      decision_note: 'Not decided within 24 hours',
    });
    expect((await settlementRow(approvedOnce.data.id)).status).toBe('rejected');
    const payout = await t.as<{ rows: Row[] }>(MERCHANT, 'getPayoutList', { search: 'exp-po-1' });
    expect(payout.data.rows[0]).toMatchObject({
      status: 'rejected',
      decision_reason_code: 'expired',
    });
    const withdrawal = await t.as<{ rows: Row[] }>(RESELLER, 'getWithdrawalList', {
      search: w.data.id,
    });
    expect(withdrawal.data.rows[0]).toMatchObject({ status: 'rejected' });
    expect(await balances()).toEqual(start);
    expect(await commission()).toBe(startCommission);
    expect((await logsFor('payout.expire', p.data.id))[0]).toMatchObject({
      actor_username: 'system',
      before: { status: 'pending_approval' },
      after: { status: 'rejected', reason_code: 'expired' },
    });
    await t.setApprovalSettingsByTwo({ expiryHours: '72' });
  });

  it('refuses to approve a request past its expiry even with no sweep run; it stays pending', async () => {
    // The sweep is off (NO_MONEY_JOBS) or failing: only the approval itself stands in the way.
    // A request is aged by moving its created_at back, and moved forward again before anything
    // changes its status (the rollups are kept by the day it was made).
    const made = new Map<string, unknown>();
    const age = async (table: string, id: string, hours: number) => {
      const { rows } = await t.db.query<{ created_at: unknown }>(
        `SELECT created_at FROM ${table} WHERE id = $1`,
        [id],
      );
      if (!made.has(id)) made.set(id, rows[0]!.created_at);
      await t.db.query(
        `UPDATE ${table} SET created_at = now() - make_interval(hours => $2) WHERE id = $1`,
        [id, hours],
      );
    };
    const restore = (table: string, id: string) =>
      t.db.query(`UPDATE ${table} SET created_at = $2 WHERE id = $1`, [id, made.get(id)]);
    const s = await settle('42.00');
    const p = await t.as<Row>(MERCHANT, 'createPayout', payoutFields('exp-po-2', '4.20'));
    const once = await settle('43.00');
    await t.as(ADMIN, 'approveSettlement', { id: once.data.id });
    const rate = await t.as<{ pending_change: { id: string } | null }>(ADMIN, 'changeUsdtRate', {
      currency: 'THB',
      rate: '1.00',
      reason: 'Far beyond the band',
    });
    const change = rate.data.pending_change!.id;
    await age('settlements', s.data.id, 73);
    await age('payouts', p.data.id, 73);
    await age('settlements', once.data.id, 73);
    await age('setting_changes', change, 73);
    const approvalsBefore = await t.count('approvals');
    for (const [call, id, who] of [
      ['approveSettlement', s.data.id, ADMIN],
      ['approvePayout', p.data.id, ADMIN],
      ['approveSettlement', once.data.id, ADMIN2],
      ['approveSettingChange', change, ADMIN2],
    ] as const) {
      const late = await t.as(who, call, { id });
      expect(late.status, `${call} ${late.message}`).toBe(409);
      expect(late.message).toMatch(/expired: it was not decided within 72 hours/);
    }
    // The same rule in bulk.
    const bulk = await t.as<BulkResult>(ADMIN, 'decideSettlements', {
      ids: s.data.id,
      decision: 'approve',
    });
    expect(bulk.data.results).toEqual([
      { id: s.data.id, ok: false, message: expect.stringMatching(/^This settlement expired/) },
    ]);
    // Nothing changed: no approval counted, still waiting (for the sweep to reject).
    expect(await t.count('approvals')).toBe(approvalsBefore);
    expect(await settlementRow(s.data.id)).toMatchObject({ status: 'pending', approvals: 0 });
    expect(await settlementRow(once.data.id)).toMatchObject({ status: 'pending', approvals: 1 });
    const payout = await t.as<{ rows: Row[] }>(MERCHANT, 'getPayoutList', { search: 'exp-po-2' });
    expect(payout.data.rows[0]).toMatchObject({ status: 'pending_approval', approvals: 0 });
    const { rows } = await t.db.query<{ status: string }>(
      'SELECT status FROM setting_changes WHERE id = $1',
      [change],
    );
    expect(rows[0]!.status).toBe('pending');
    expect(await rateOf('THB')).not.toBe('1.00000000');
    expect(await logsFor('settlement.approved', s.data.id)).toHaveLength(0);
    // Within the hours an approval is counted as ever.
    await age('settlements', s.data.id, 71);
    const inTime = await t.as<Decision>(ADMIN, 'approveSettlement', { id: s.data.id });
    expect(inTime.data).toMatchObject({ status: 'pending', approvals: 1 });
    for (const [table, id] of [
      ['settlements', s.data.id],
      ['payouts', p.data.id],
      ['settlements', once.data.id],
      ['setting_changes', change],
    ] as const)
      await restore(table, id);
    expect((await t.as(ADMIN2, 'approveSettlement', { id: once.data.id })).data).toMatchObject({
      status: 'approved',
    });
    expect(await sweepExpiredRequests(t.db, new Date(Date.now() + 73 * 3_600_000))).toBe(3);
  });
});
