import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/test-app';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  fundDemoMerchant,
  type MoneyApp,
} from './support/money-app';

/**
 * What an admin's sub-accounts may do with money (issue 23, docs/security.md): a sub-account
 * acts for its parent, so maker-checker counts the two as one person. The admin and its own
 * sub-accounts approve an item once between them, and none of them approves what any of them
 * asked for; every lifecycle, single and bulk decisions alike. A platform-wide setting needs the
 * administrator module, which these sub-accounts lack.
 */
let t: MoneyApp;
const OPS1 = 'ops1@example.test';
const OPS2 = 'ops2@example.test';

/** A sub-account of admin@ with the money modules, signed in with the demo password. */
async function createAdminSub(email: string): Promise<void> {
  const username = email.split('@')[0]!;
  const made = await t.as(ADMIN, 'createSubAccount', {
    email,
    username,
    name: `Operator ${username}`,
    modules: 'payout,settlements,withdrawal,top_up',
    temporaryPassword: DEMO_PASSWORD,
  });
  expect(made.status).toBe(200);
  // The first-password step is another test's subject: skip it here.
  await t.db.query('UPDATE accounts SET must_change_password = false WHERE email = $1', [email]);
}

beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'admin-subs-seed');
  const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount: '5000.00',
  });
  expect((await t.as(ADMIN2, 'approveTopUp', { id: topUp.data.id })).status).toBe(200);
  await createAdminSub(OPS1);
  await createAdminSub(OPS2);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Decision {
  status: string;
  approvals?: number;
  approvals_required?: number;
}
interface BulkResult {
  results: { id: string; ok: boolean; status?: string; approvals?: number; message?: string }[];
}

/** One money-out lifecycle: how a request is made, and its single and bulk approval calls. */
interface MoneyOut {
  name: string;
  request: (n: number) => Promise<string>;
  approve: string;
  bulk: string;
  /** The status an approval by two people moves it to. */
  approvedAs: string;
}

const made = async (answer: Promise<{ status: number; message: string; data: { id: string } }>) => {
  const { status, message, data } = await answer;
  expect(status, message).toBe(200);
  return data.id;
};

const MONEY_OUTS: MoneyOut[] = [
  {
    name: 'pay-out',
    request: (n) =>
      made(
        t.as(MERCHANT, 'createPayout', {
          currency: 'THB',
          amount: `10.0${n}`,
          orderId: `subs-po-${n}`,
          bankName: 'Kasikorn',
          accountNumber: '123',
          accountHolder: 'Somchai',
        }),
      ),
    approve: 'approvePayout',
    bulk: 'decidePayouts',
    approvedAs: 'processing',
  },
  {
    name: 'settlement',
    request: (n) =>
      made(t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: `2${n}.00` })),
    approve: 'approveSettlement',
    bulk: 'decideSettlements',
    approvedAs: 'approved',
  },
  {
    name: 'wallet settlement',
    request: (n) =>
      made(t.as(MERCHANT, 'requestSettlementWallet', { currency: 'THB', amount: `3${n}.50` })),
    approve: 'approveSettlementWallet',
    bulk: 'decideSettlementWallets',
    approvedAs: 'approved',
  },
  {
    name: 'withdrawal',
    request: (n) =>
      made(
        t.as(RESELLER, 'requestWithdrawal', {
          currency: 'THB',
          amount: `1.0${n}`,
          bankName: 'BBL',
          accountNumber: '9',
          accountHolder: 'Andaman',
        }),
      ),
    approve: 'approveWithdrawal',
    bulk: 'decideWithdrawals',
    approvedAs: 'approved',
  },
];

const SAME_PERSON = /An account of yours has already approved/;

describe.each(MONEY_OUTS)('a $name', (kind) => {
  it('counts a parent admin and its sub-accounts as one approver, in either order', async () => {
    // Parent first: neither of its sub-accounts is the second person.
    const first = await kind.request(1);
    expect((await t.as<Decision>(ADMIN, kind.approve, { id: first })).data).toMatchObject({
      approvals: 1,
      approvals_required: 2,
    });
    for (const sub of [OPS1, OPS2]) {
      const refused = await t.as(sub, kind.approve, { id: first });
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(SAME_PERSON);
    }
    expect((await t.as<Decision>(ADMIN2, kind.approve, { id: first })).data).toMatchObject({
      status: kind.approvedAs,
      approvals: 2,
    });

    // A sub-account first: neither its parent nor its sibling is the second person.
    const second = await kind.request(2);
    expect((await t.as<Decision>(OPS1, kind.approve, { id: second })).data).toMatchObject({
      approvals: 1,
      approvals_required: 2,
    });
    for (const same of [ADMIN, OPS2]) {
      const refused = await t.as(same, kind.approve, { id: second });
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(SAME_PERSON);
    }
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM approvals WHERE ref_id = $1',
      [second],
    );
    expect(count.rows[0]!.n).toBe(1);
    expect((await t.as<Decision>(ADMIN2, kind.approve, { id: second })).data).toMatchObject({
      status: kind.approvedAs,
      approvals: 2,
    });
  });

  it('applies the same rule to bulk decisions', async () => {
    const id = await kind.request(3);
    const bulk = (email: string) =>
      t.as<BulkResult>(email, kind.bulk, { ids: id, decision: 'approve' });
    expect((await bulk(OPS2)).data.results).toMatchObject([{ id, ok: true, approvals: 1 }]);
    for (const same of [OPS1, ADMIN]) {
      const [result] = (await bulk(same)).data.results;
      expect(result).toMatchObject({ id, ok: false });
      expect(result!.message).toMatch(SAME_PERSON);
    }
    expect((await bulk(ADMIN2)).data.results).toMatchObject([
      { id, ok: true, status: kind.approvedAs, approvals: 2 },
    ]);
  });
});

describe('a top-up (money in, one approver)', () => {
  const createTopUp = (email: string, amount: string) =>
    made(t.as(email, 'createTopUp', { merchantDbCode: 'MER00002', currency: 'THB', amount }));
  const ASKED_BY_SAME = /asked for by you or an account of yours/;

  it('may not be approved by its creator through a sub-account, nor the other way round', async () => {
    const byAdmin = await createTopUp(ADMIN, '11.00');
    for (const same of [OPS1, OPS2]) {
      const refused = await t.as(same, 'approveTopUp', { id: byAdmin });
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(ASKED_BY_SAME);
    }
    const bulk = await t.as<BulkResult>(OPS1, 'decideTopUps', {
      ids: byAdmin,
      decision: 'approve',
    });
    expect(bulk.data.results[0]).toMatchObject({ id: byAdmin, ok: false });
    expect(bulk.data.results[0]!.message).toMatch(ASKED_BY_SAME);

    const bySub = await createTopUp(OPS1, '12.00');
    for (const same of [ADMIN, OPS2, OPS1]) {
      const refused = await t.as(same, 'approveTopUp', { id: bySub });
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(ASKED_BY_SAME);
    }
    const other = await t.as<BulkResult>(ADMIN2, 'decideTopUps', {
      ids: `${byAdmin},${bySub}`,
      decision: 'approve',
    });
    expect(other.data.results).toMatchObject([
      { id: byAdmin, ok: true, status: 'approved', approvals: 1 },
      { id: bySub, ok: true, status: 'approved', approvals: 1 },
    ]);
  });
});

describe('platform settings', () => {
  it('need the administrator module: a sub-account without it cannot switch the demo data', async () => {
    const refused = await t.as(OPS1, 'onOffDemoData', { enabled: '0' });
    expect(refused.status).toBe(403);
    const overview = await t.as<{ is_included_demo_data: number }>(ADMIN, 'getAdminDashboardV2', {
      currency: 'THB',
    });
    expect(overview.data.is_included_demo_data).toBe(1);
    expect((await t.as(ADMIN, 'onOffDemoData', { enabled: '1' })).status).toBe(200);
  });
});
