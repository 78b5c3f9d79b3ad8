import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { createAccountRecord } from '../../src/modules/accounts/accounts.service';
import { ADJUSTMENT_SUBJECT } from '../../src/modules/adjustments/adjustments.queries';
import { expiryFacets } from '../../src/modules/money-flow/expiry-facet';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

const ADMIN3 = 'admin3@demo.test';
const ADMIN4 = 'admin4@adjustments.test';

interface Row {
  id: string;
  status: string;
  direction: string;
  amount: string;
  approvals: number;
  approvals_required: number;
  owner_db_code: string;
}

/**
 * Balance adjustments (issue 41): maker-checker as other money-out, one balanced journal on
 * approval, never below zero, a third approver for large debits, the owner mailed, admins only.
 */
describe('balance adjustments', () => {
  let t: MoneyApp;
  let merchantId: string;
  const balance = (purpose: 'available' | 'payout_available' | 'commission', id = merchantId) =>
    findLedgerBalance(t.db, accountKey(id, 'THB', purpose));
  const ask = (email: string, fields: Record<string, string>) =>
    t.as<Row>(email, 'createAdjustment', {
      ownerDbCode: 'MER00001',
      balance: 'available',
      currency: 'THB',
      reasonCode: 'goodwill',
      note: 'Goodwill for a late settlement',
      ...fields,
    });
  const journals = async (id: string) =>
    (
      await t.db.query<{ kind: string }>(`SELECT kind FROM journal WHERE ref_id = $1`, [id])
    ).rows.map((r) => r.kind);

  beforeAll(async () => {
    t = await startMoneyApp();
    merchantId = await t.accountId('MER00001');
    // A fourth admin: a large debit needs three approvers besides whoever asked for it.
    await createAccountRecord(t.db, {
      accountType: 'admin',
      accountDbCode: 'ADM00004',
      email: ADMIN4,
      username: 'admin4',
      name: 'Fourth Admin',
      password: DEMO_PASSWORD,
      mustChangePassword: false,
      modules: ['administrator'],
      telegramId: '',
      parentAccountId: null,
      resellerAccountId: null,
      isDemo: false,
    });
  });
  afterAll(() => t.close());

  it('credits on the last approval only, in one balanced journal, and mails the owner', async () => {
    const before = await balance('available');
    const asked = await ask(ADMIN3, { direction: 'credit', amount: '100.00' });
    expect(asked.status, asked.message).toBe(200);
    expect(asked.data).toMatchObject({
      status: 'pending_approval',
      direction: 'credit',
      amount: '100.00',
      approvals: 0,
      approvals_required: 2,
    });
    const id = asked.data.id;
    const own = await t.as(ADMIN3, 'approveAdjustment', { id });
    expect(own.status).toBe(403);
    const first = await t.as(ADMIN, 'approveAdjustment', { id });
    expect(first.data).toMatchObject({ status: 'pending_approval', approvals: 1 });
    expect(await balance('available')).toBe(before);
    expect(await journals(id)).toEqual([]);
    const second = await t.as(ADMIN2, 'approveAdjustment', { id });
    expect(second.data).toMatchObject({ status: 'approved', approvals: 2 });
    expect(await balance('available')).toBe(before + 10_000n);
    expect(await journals(id)).toEqual(['adjustment.credit']);
    const { rows: mails } = await t.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM mail_outbox WHERE kind = 'adjustment.approved'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('+100.00 THB');
    await t.expectCleanLedger();
  });

  it('refuses a debit the balance does not cover, when asked and again when approved', async () => {
    const now = await balance('available');
    const count = await t.count('balance_adjustments');
    const tooMuch = await ask(ADMIN3, {
      direction: 'debit',
      amount: ((now + 1n) / 100n + 1n).toString() + '.00',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.message).toMatch(/would take it below zero/);
    expect(await t.count('balance_adjustments')).toBe(count);
    // Two debits that each fit now, together too much: the second approval is refused.
    const half = `${now / 100n - 10n}.00`;
    const a = await ask(ADMIN3, { direction: 'debit', amount: half, reasonCode: 'fee_correction' });
    const b = await ask(ADMIN3, { direction: 'debit', amount: half, reasonCode: 'fee_correction' });
    expect([a.status, b.status], a.message).toEqual([200, 200]);
    await t.as(ADMIN, 'approveAdjustment', { id: a.data.id });
    expect((await t.as(ADMIN2, 'approveAdjustment', { id: a.data.id })).data).toMatchObject({
      status: 'approved',
    });
    await t.as(ADMIN, 'approveAdjustment', { id: b.data.id });
    const refused = await t.as(ADMIN2, 'approveAdjustment', { id: b.data.id });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/balance is not enough/);
    expect(await journals(b.data.id)).toEqual([]);
    expect(await balance('available')).toBeGreaterThanOrEqual(0n);
    const rejected = await t.as(ADMIN, 'rejectAdjustment', { id: b.data.id, ...REJECTION });
    expect(rejected.data).toMatchObject({ status: 'rejected' });
    expect(await journals(b.data.id)).toEqual([]);
    await t.expectCleanLedger();
  });

  it('asks a third approver for a debit at or above the general setting', async () => {
    const set = await t.as(ADMIN, 'setPlatformSettings', { adjustmentThirdApproverFrom: '5' });
    expect(set.status, set.message).toBe(200);
    const credit = await ask(ADMIN3, { direction: 'credit', amount: '50.00' });
    expect(credit.data.approvals_required).toBe(2);
    await t.as(ADMIN, 'approveAdjustment', { id: credit.data.id });
    await t.as(ADMIN2, 'approveAdjustment', { id: credit.data.id });
    const small = await ask(ADMIN3, { direction: 'debit', amount: '4.99' });
    expect(small.data.approvals_required).toBe(2);
    const large = await ask(ADMIN3, { direction: 'debit', amount: '5.00' });
    expect(large.data.approvals_required).toBe(3);
    const id = large.data.id;
    await t.as(ADMIN, 'approveAdjustment', { id });
    const two = await t.as(ADMIN2, 'approveAdjustment', { id });
    expect(two.data).toMatchObject({
      status: 'pending_approval',
      approvals: 2,
      approvals_required: 3,
    });
    const before = await balance('available');
    const three = await t.as(ADMIN4, 'approveAdjustment', { id });
    expect(three.data).toMatchObject({ status: 'approved', approvals: 3 });
    expect(await balance('available')).toBe(before - 500n);
    expect(await journals(id)).toEqual(['adjustment.debit']);
    await t.as(ADMIN, 'setPlatformSettings', { adjustmentThirdApproverFrom: '0' });
    await t.expectCleanLedger();
  });

  it('waits until decided: its approvals do not expire and no sweep rejects it', () => {
    expect(ADJUSTMENT_SUBJECT.expires).toBe(false);
    expect(expiryFacets.has('adjustment')).toBe(false);
  });

  it("adjusts a reseller's commission, and refuses a balance its owner does not have", async () => {
    const wrong = await ask(ADMIN3, { direction: 'credit', amount: '1.00', balance: 'commission' });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toMatch(
      /^balance: a merchant's balance to adjust is available or payout_available/,
    );
    const resellerId = await t.accountId('RES00001');
    const before = await balance('commission', resellerId);
    const asked = await ask(ADMIN3, {
      ownerDbCode: 'RES00001',
      direction: 'credit',
      amount: '7.00',
      balance: 'commission',
      reasonCode: 'other',
    });
    expect(asked.status, asked.message).toBe(200);
    await t.as(ADMIN, 'approveAdjustment', { id: asked.data.id });
    await t.as(ADMIN2, 'approveAdjustment', { id: asked.data.id });
    expect(await balance('commission', resellerId)).toBe(before + 700n);
    await t.expectCleanLedger();
  });

  it('checks the related transaction and the fields, changing nothing on bad input', async () => {
    const count = await t.count('balance_adjustments');
    const cases: [Record<string, string>, RegExp][] = [
      [{ relatedId: 'not-an-id' }, /^relatedId must be the id of a transaction/],
      [
        { relatedId: '00000000-0000-4000-8000-000000000000' },
        /^relatedId: no transaction of MER00001/,
      ],
      [{ direction: 'sideways' }, /^direction must be one of credit, debit/],
      [{ reasonCode: 'whim' }, /^reasonCode must be one of/],
      [{ note: '' }, /^note is required/],
      [{ ownerDbCode: 'ADM00001' }, /^ownerDbCode must name a merchant or a reseller/],
      [{ currency: 'INR' }, /^currency: MER00001 has no contract in INR/],
      [{ amount: '-5' }, /^amount/],
    ];
    for (const [fields, message] of cases) {
      const answer = await ask(ADMIN3, { direction: 'credit', amount: '1.00', ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.message).toMatch(message);
    }
    expect(await t.count('balance_adjustments')).toBe(count);
    // A pay-in of the merchant's may be named.
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id FROM payins WHERE merchant_account_id = $1 LIMIT 1',
      [merchantId],
    );
    if (rows[0]) {
      const linked = await ask(ADMIN3, {
        direction: 'credit',
        amount: '1.00',
        relatedId: rows[0].id,
      });
      expect(linked.status, linked.message).toBe(200);
    }
  });

  it('is the admins’ alone: others cannot list, ask or decide', async () => {
    for (const email of [MERCHANT, RESELLER]) {
      expect((await t.as(email, 'getAdjustmentList')).status).toBe(403);
      expect((await ask(email, { direction: 'credit', amount: '1.00' })).status).toBe(403);
    }
    const list = await t.as<{ rows: Row[]; total: number }>(ADMIN, 'getAdjustmentList', {
      pendingOnly: '1',
    });
    expect(list.status).toBe(200);
    expect(list.data.rows.every((r) => r.status === 'pending_approval')).toBe(true);
  });

  it("shows in the merchant's statement, its own column summing its journals", async () => {
    const statement = await t.as<{ rows: Record<string, string>[] }>(
      ADMIN,
      'getMerchantStatement',
      { merchantId, currency: 'THB' },
    );
    expect(statement.status, statement.message).toBe(200);
    const { rows } = await t.db.query<{ sum: string }>(
      `SELECT coalesce(sum(e.amount), 0)::text AS sum
         FROM journal j JOIN entries e ON e.journal_id = j.id
         JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE j.kind LIKE 'adjustment.%' AND la.owner_id = $1 AND la.currency = 'THB'`,
      [merchantId],
    );
    const sum = BigInt(rows[0]!.sum);
    expect(sum).not.toBe(0n);
    const shown = statement.data.rows.reduce(
      (s, r) => s + BigInt(r.adjustments!.replace(/[.,]/g, '')),
      0n,
    );
    expect(shown).toBe(sum);
  });

  it('shows the merchant its own adjustments through the API, read-only', async () => {
    const page = await t.api<{ data: { id: string; direction: string }[]; has_more: boolean }>(
      'GET',
      '/api/v1/adjustments?status=approved',
    );
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ id: string; merchant_account_id: string | null }>(
      `SELECT id, merchant_account_id FROM balance_adjustments WHERE status = 'approved'`,
    );
    const mine = rows.filter((r) => r.merchant_account_id === merchantId).map((r) => r.id);
    expect(page.body.data.map((r) => r.id).sort()).toEqual(mine.sort());
    const one = await t.api<{ id: string }>('GET', `/api/v1/adjustments/${mine[0]}`);
    expect(one.body.id).toBe(mine[0]);
    // The reseller's adjustment is not the merchant's.
    const theirs = rows.find((r) => r.merchant_account_id === null)!;
    expect((await t.api('GET', `/api/v1/adjustments/${theirs.id}`)).status).toBe(404);
  });
});
