import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountRecord } from '../../src/modules/accounts/accounts.service';
import { ADJUSTMENT_SUBJECT } from '../../src/modules/adjustments/adjustments.queries';
import {
  PAYOUT_SUBJECT,
  SETTLEMENT_WALLET_SUBJECT,
  WITHDRAWAL_SUBJECT,
  type ApprovalSubject,
} from '../../src/modules/approvals/approval-subjects';
import { requiredApprovalsSql } from '../../src/modules/approvals/approvals.service';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts';
import { loggedActions } from '../support/admin-log';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  RESELLER,
  fundDemoMerchant,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';

/**
 * Approval tiers by amount (issue 42, docs/money.md): bands per kind of money-out and currency
 * say how many distinct people approve an item, in place of the two-approver threshold, never
 * below the item's own least; the lists say what the decision needs; changing them is a guarded
 * change a second admin applies.
 */
let t: MoneyApp;
const ADMIN3 = 'admin3@demo.test';
const ADMIN4 = 'admin4@tiers.test';

interface Row {
  id: string;
  status: string;
  approvals: number;
  approvals_required: number;
}
interface Tiers {
  tiers: {
    tier_kind: string;
    currency: string;
    bands: { min_amount: string; approvers: number }[];
  }[];
  pending_changes: { id: string; target: string; old_value: string | null; new_value: string }[];
}

beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'tiers-seed');
  await topUpDemoMerchant(t, '400000.00');
  await createAccountRecord(t.db, {
    accountType: 'admin',
    accountDbCode: 'ADM00004',
    email: ADMIN4,
    username: 'admin4',
    name: 'Fourth Admin',
    password: DEMO_PASSWORD,
    mustChangePassword: false,
    modules: ['administrator', 'payout', 'settlements', 'withdrawal'],
    telegramId: '',
    parentAccountId: null,
    resellerAccountId: null,
    isDemo: false,
  });
});
afterAll(async () => {
  await t.sandbox.idle();
  await t.expectCleanLedger();
  await t.close();
});

const askTiers = (email: string, fields: Record<string, string>) =>
  t.as<Tiers>(email, 'setApprovalTiers', { reason: 'Tiers by a test', ...fields });

/** Bands put in force by two admins: `ADMIN` asks, `ADMIN2` approves. */
async function setTiersByTwo(tierKind: string, currency: string, bands: string): Promise<void> {
  const asked = await askTiers(ADMIN, { tierKind, currency, bands });
  expect(asked.status, asked.message).toBe(200);
  const change = asked.data.pending_changes.find((c) => c.target === `${tierKind}:${currency}`)!;
  const approved = await t.as(ADMIN2, 'approveSettingChange', { id: change.id });
  expect(approved.status, approved.message).toBe(200);
}

let orders = 0;
const payout = async (amount: string) => {
  const made = await t.as<Row>(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount,
    orderId: `tiers-po-${++orders}`,
    bankName: 'Kasikorn',
    accountNumber: '123',
    accountHolder: 'Somchai',
  });
  expect(made.status, made.message).toBe(200);
  return made.data;
};
const settleToWallet = async (amount: string) => {
  const made = await t.as<Row>(MERCHANT, 'requestSettlementWallet', { currency: 'THB', amount });
  expect(made.status, made.message).toBe(200);
  return made.data;
};
const withdraw = async (amount: string) => {
  const made = await t.as<Row>(RESELLER, 'requestWithdrawal', {
    currency: 'THB',
    amount,
    bankName: 'BBL',
    accountNumber: '9',
    accountHolder: 'Andaman',
  });
  expect(made.status, made.message).toBe(200);
  return made.data;
};

/** What `requiredApprovalsSql` answers for rows of currency, amount and least approvals. */
async function requiredFor(
  subject: ApprovalSubject,
  rows: readonly [string, bigint, number][],
): Promise<number[]> {
  const values = rows.map(
    (_, i) => `($${i * 3 + 1}, $${i * 3 + 2}::bigint, $${i * 3 + 3}::int, ${i})`,
  );
  const { rows: found } = await t.db.query<{ n: number }>(
    `SELECT ${requiredApprovalsSql(subject, 'x')}::int AS n
       FROM (VALUES ${values.join(', ')}) AS x (currency, amount, min_approvals, i) ORDER BY x.i`,
    rows.flatMap(([currency, amount, least]) => [currency, amount.toString(), least]),
  );
  return found.map((r) => r.n);
}

describe('approval tiers by amount', () => {
  it('let one admin approve a small pay-out and need three distinct admins for a large one', async () => {
    await setTiersByTwo('payout', 'THB', '0:1; 10000:2; 50000.00:3');
    const small = await payout('500.00');
    expect(small).toMatchObject({ approvals: 0, approvals_required: 1 });
    const once = await t.as<Row>(ADMIN, 'approvePayout', { id: small.id });
    expect(once.data).toMatchObject({ status: 'processing', approvals: 1, approvals_required: 1 });

    const large = await payout('60000.00');
    expect(large.approvals_required).toBe(3);
    const first = await t.as<Row>(ADMIN, 'approvePayout', { id: large.id });
    expect(first.data).toMatchObject({
      status: 'pending_approval',
      approvals: 1,
      approvals_required: 3,
    });
    expect((await t.as(ADMIN, 'approvePayout', { id: large.id })).status).toBe(409);
    const second = await t.as<Row>(ADMIN2, 'approvePayout', { id: large.id });
    expect(second.data).toMatchObject({ status: 'pending_approval', approvals: 2 });
    const third = await t.as<Row>(ADMIN3, 'approvePayout', { id: large.id });
    expect(third.data).toMatchObject({ status: 'processing', approvals: 3, approvals_required: 3 });
  });

  it('never count whoever asked for the item among its approvers', async () => {
    const large = await payout('55000.00');
    // As if the fourth admin had asked for it (the principal rule reads `money_requests`).
    await t.db.query(
      `UPDATE money_requests SET requested_by = (SELECT id FROM accounts WHERE email = $1)
        WHERE ref_id = $2`,
      [ADMIN4, large.id],
    );
    expect((await t.as(ADMIN4, 'approvePayout', { id: large.id })).status).toBe(403);
    for (const [email, status] of [
      [ADMIN, 'pending_approval'],
      [ADMIN2, 'pending_approval'],
      [ADMIN3, 'processing'],
    ] as const)
      expect((await t.as<Row>(email, 'approvePayout', { id: large.id })).data.status).toBe(status);
  });

  it('replace the threshold only for their kind and currency, never below the least', async () => {
    await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '300.00' });
    // Pay-outs in THB have bands (above); MYR none (no threshold saved: two); withdrawals none.
    expect(
      await requiredFor(PAYOUT_SUBJECT, [
        ['THB', 0n, 1],
        ['THB', 999_999n, 1],
        ['THB', 1_000_000n, 1],
        ['THB', 4_999_999n, 1],
        ['THB', 5_000_000n, 1],
        ['MYR', 1n, 1],
      ]),
    ).toEqual([1, 1, 2, 2, 3, 2]);
    expect(
      await requiredFor(WITHDRAWAL_SUBJECT, [
        ['THB', 29_999n, 1],
        ['THB', 30_000n, 1],
      ]),
    ).toEqual([1, 2]);
    // An adjustment has no tiers: its threshold and its own least (a large debit's third).
    expect(
      await requiredFor(ADJUSTMENT_SUBJECT, [
        ['THB', 100n, 1],
        ['THB', 100n, 3],
        ['THB', 50_000n, 1],
      ]),
    ).toEqual([1, 3, 2]);
    // A kind with tiers and a least of its own: the larger of the band and the least.
    const withLeast: ApprovalSubject = { ...PAYOUT_SUBJECT, leastApprovalsColumn: 'min_approvals' };
    expect(
      await requiredFor(withLeast, [
        ['THB', 100n, 3],
        ['THB', 5_000_000n, 2],
      ]),
    ).toEqual([3, 3]);

    // Bands below the threshold need fewer than it would: one band of 1 for wallet settlements.
    const before = await settleToWallet('400.00');
    expect(before.approvals_required).toBe(2);
    await setTiersByTwo('settlement', 'THB', '0:1');
    expect(await requiredFor(SETTLEMENT_WALLET_SUBJECT, [['THB', 40_000n, 1]])).toEqual([1]);
    const one = await t.as<Row>(ADMIN, 'approveSettlementWallet', { id: before.id });
    expect(one.data).toMatchObject({ status: 'approved', approvals: 1, approvals_required: 1 });
  });

  it('show in the pending lists what the decision needs, for every row', async () => {
    await setTiersByTwo('withdrawal', 'THB', '0:2; 5:3');
    for (const amount of ['20.00', '20000.00', '70000.00']) await payout(amount);
    await withdraw('1.00');
    await withdraw('6.00');
    await settleToWallet('10.00');
    const lists = [
      ['getPayoutList', 'approvePayout', { pendingOnly: '1' }],
      ['getWithdrawalList', 'approveWithdrawal', { status: 'pending' }],
      ['getSettlementWalletList', 'approveSettlementWallet', { status: 'pending' }],
    ] as const;
    const needs = new Set<number>();
    for (const [list, approve, filter] of lists) {
      const page = await t.as<{ rows: Row[] }>(ADMIN4, list, { ...filter, pageSize: '200' });
      expect(page.status, page.message).toBe(200);
      for (const row of page.data.rows) {
        const decided = await t.as<Row>(ADMIN4, approve, { id: row.id });
        expect(decided.status, decided.message).toBe(200);
        expect(decided.data.approvals_required).toBe(row.approvals_required);
        needs.add(row.approvals_required);
      }
    }
    // Rows of every band were compared: one, two and three approvers.
    expect([...needs].sort()).toEqual([1, 2, 3]);
  });

  it('leave API pay-outs no rule holds to go straight out', async () => {
    await setTiersByTwo('payout', 'THB', '0:3');
    const r = await t.api<{ status: string }>('POST', '/api/v1/payouts', {
      amount: '20.03',
      currency: 'THB',
      order_id: 'tiers-api-1',
      bank_name: 'SCB',
      account_number: '111',
      account_holder: 'A',
    });
    expect(r).toMatchObject({ status: 201, body: { status: 'processing' } });
    expect((await payout('20.00')).approvals_required).toBe(3);
  });
});

describe('changing approval tiers', () => {
  it('waits for a second admin: the asker cannot apply it, another admin does', async () => {
    const asked = await askTiers(ADMIN, {
      tierKind: 'withdrawal',
      currency: 'MYR',
      bands: ' 0 : 1 ;1000:2',
    });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data.tiers.find((r) => r.tier_kind === 'withdrawal' && r.currency === 'MYR')).toBe(
      undefined,
    );
    const [change] = asked.data.pending_changes.filter((c) => c.target === 'withdrawal:MYR');
    expect(change).toMatchObject({ old_value: null, new_value: '0.00:1; 1000.00:2' });
    const again = await askTiers(ADMIN2, { tierKind: 'withdrawal', currency: 'MYR', bands: '0:2' });
    expect(again.status).toBe(409);
    expect(await requiredFor(WITHDRAWAL_SUBJECT, [['MYR', 1n, 1]])).toEqual([2]);

    expect((await t.as(ADMIN, 'approveSettingChange', { id: change!.id })).status).toBe(403);
    expect(await requiredFor(WITHDRAWAL_SUBJECT, [['MYR', 1n, 1]])).toEqual([2]);
    expect((await t.as(ADMIN2, 'approveSettingChange', { id: change!.id })).status).toBe(200);
    expect(
      await requiredFor(WITHDRAWAL_SUBJECT, [
        ['MYR', 1n, 1],
        ['MYR', 100_000n, 1],
      ]),
    ).toEqual([1, 2]);
    const read = await t.as<Tiers>(ADMIN2, 'getApprovalTiers');
    expect(read.data.tiers).toContainEqual({
      tier_kind: 'withdrawal',
      currency: 'MYR',
      bands: [
        { min_amount: '0.00', approvers: 1 },
        { min_amount: '1000.00', approvers: 2 },
      ],
    });
    expect(read.data.pending_changes.filter((c) => c.target === 'withdrawal:MYR')).toEqual([]);
    const logged = await loggedActions(t.db, 'approval_settings.update');
    expect(logged.at(-1)).toMatchObject({
      actor_username: 'admin2',
      target_id: 'withdrawal:MYR',
      before: { approval_tiers: null },
      after: { approval_tiers: '0.00:1; 1000.00:2', requested_by: 'admin' },
    });
    expect((await loggedActions(t.db, 'setting_change.request')).at(-1)).toMatchObject({
      actor_username: 'admin',
      target_id: change!.id,
    });

    const same = await askTiers(ADMIN, {
      tierKind: 'withdrawal',
      currency: 'MYR',
      bands: '0:1;1000:2',
    });
    expect(same.status).toBe(409);
    // Sent empty, the bands go once approved: the threshold (0 in MYR: two) rules again.
    await setTiersByTwo('withdrawal', 'MYR', '');
    expect(await requiredFor(WITHDRAWAL_SUBJECT, [['MYR', 1n, 1]])).toEqual([2]);
  });

  it('names the wrong field and writes nothing for bad input or a non-administrator', async () => {
    const counts = async () =>
      Promise.all(['setting_changes', 'approval_tiers', 'admin_logs'].map((n) => t.count(n)));
    const before = await counts();
    const bad: [Record<string, string>, string, RegExp][] = [
      [{ tierKind: 'refund' }, 'tierKind', /must be one of payout, settlement, withdrawal/],
      [{ currency: 'XXX' }, 'currency', /must be one of/],
      [{ bands: '100:1' }, 'bands', /must start with a band from 0/],
      [{ bands: '0:1; 0:2' }, 'bands', /band 2 must start above band 1/],
      [{ bands: '0:1; 900:2; 500:3' }, 'bands', /band 3 must start above band 2/],
      [{ bands: '0:4' }, 'bands', /band 1 must need 1, 2 or 3 approvers/],
      [{ bands: '0:0' }, 'bands', /band 1 must need 1, 2 or 3/],
      [{ bands: '0:1; 10.001:2' }, 'bands', /band 2's amount must have at most 2 decimals/],
      [{ bands: '0:1; 1e3:2' }, 'bands', /band 2's amount/],
      [{ bands: '0:2; 500:1' }, 'bands', /band 2 needs fewer approvers than band 1/],
      [{ bands: 'zero:one:two' }, 'bands', /band 1 must be written/],
      [{ bands: Array.from({ length: 11 }, (_, i) => `${i}:3`).join(';') }, 'bands', /at most 10/],
      [{ reason: '' }, 'reason', /is required/],
    ];
    for (const [fields, field, message] of bad) {
      const answer = await askTiers(ADMIN, {
        tierKind: 'payout',
        currency: 'THB',
        bands: '0:1',
        ...fields,
      });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data).toMatchObject({ field: { field } });
      expect(answer.message).toMatch(message);
    }
    const missing = await t.as(ADMIN, 'setApprovalTiers', {
      tierKind: 'payout',
      currency: 'THB',
      reason: 'x',
    });
    expect(missing).toMatchObject({
      status: 400,
      data: { field: { field: 'bands', kind: 'required' } },
    });
    expect(
      (await askTiers(MERCHANT, { tierKind: 'payout', currency: 'THB', bands: '0:1' })).status,
    ).toBe(403);
    expect((await t.as(RESELLER, 'getApprovalTiers')).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
