import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldItemRow } from '@bo/contract';
import { createPayouts } from '../../src/modules/payouts/payouts.service';
import { requestSettlements } from '../../src/modules/settlements/settlements.service';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import { recordRiskDecisions } from '../../src/modules/risk/risk-decisions';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  startMoneyApp,
  topUpDemoMerchant,
  fundDemoMerchant,
  type MoneyApp,
} from './support/money-app';
import { demoMerchantMovesOf, handedOver } from './support/risk-checks';

const ADMIN3 = 'admin3@demo.test';

/**
 * Issue 42, the review queue: items risk rules held wait in one queue for admins; a review is
 * the item's approval (distinct people, never whoever asked, as many as the rule asked), a
 * decline its rejection with its money given back in the same transaction; a declined item
 * never reaches a gateway; held items expire as other requests do.
 *
 * Held items are made as intake makes them: by their kind's creation with the held status,
 * and intake's decision (`recordRiskDecisions`) naming a real rule.
 */
let t: MoneyApp;
let ruleId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '5000.00');
  await fundDemoMerchant(t, 'review-fund');
  const rule = await t.as<{ id: string }>(ADMIN, 'createRiskRule', {
    name: 'Large pay-outs to new accounts',
    definition: JSON.stringify({
      kinds: ['payout'],
      action: { type: 'review', approvers: 2 },
      when: { amount: { currency: 'THB', op: 'gt', value: '50' } },
    }),
  });
  expect(rule.status).toBe(200);
  ruleId = rule.data.id;
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** Intake's decision for a held item: `rule` matched and asked for `approvers` reviewers. */
async function decided(
  kind: 'payout' | 'settlement',
  refId: string,
  approvers: number,
): Promise<void> {
  const merchantId = await t.accountId('MER00001');
  const resellerId = await t.accountId('RES00001');
  await t.db.transaction((tx) =>
    recordRiskDecisions(tx, [
      {
        kind,
        refId,
        merchantId,
        resellerId,
        at: new Date(),
        verdict: {
          outcome: 'review',
          minApprovals: approvers,
          matches: [
            {
              ruleId,
              version: 1,
              mode: 'active',
              action: 'review',
              error: false,
              seen: { amount: '100.00' },
            },
          ],
        },
      },
    ]),
  );
}

/** A pay-out of `amount` THB that intake held, needing `approvers` reviewers. */
async function heldPayout(orderId: string, amount: bigint, approvers = 2): Promise<string> {
  const merchantId = await t.accountId('MER00001');
  const [made] = await t.db.transaction((tx) =>
    createPayouts(tx, [
      {
        merchantId,
        orderId,
        currency: 'THB',
        amount,
        bankName: 'Kasikorn',
        accountNumber: '9876543210',
        accountHolder: 'Somchai P.',
        inHouse: false,
        createdAt: new Date(),
        status: 'held_for_review',
      },
    ]),
  );
  await decided('payout', made!.id, approvers);
  return made!.id;
}

const statusOf = async (table: string, id: string) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0]
    ?.status;

async function queue(fields: Record<string, string> = {}) {
  const r = await t.as<{ rows: HeldItemRow[]; total: number }>(ADMIN, 'getRiskReviewList', fields);
  expect(r.status).toBe(200);
  return r.data;
}

describe('the review queue', () => {
  it('lists held items with the rules that held them and the approvals they need', async () => {
    const id = await heldPayout('review-q-1', 100_00n, 2);
    const { rows } = await queue({ search: id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'payout',
      id,
      merchant_db_code: 'MER00001',
      order_id: 'review-q-1',
      destination: '9876543210',
      currency: 'THB',
      amount: '100.00',
      status: 'held_for_review',
      held_by: ['Large pay-outs to new accounts'],
      approvals: 0,
      approvals_required: 2,
    });
    expect((await queue({ kind: 'settlement' })).rows.some((r) => r.id === id)).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await t.as(MERCHANT, 'getRiskReviewList', {})).status).toBe(403);
    const id = await heldPayout('review-q-2', 60_00n, 1);
    expect((await t.as(MERCHANT, 'approveHeldItem', { id })).status).toBe(403);
    expect(await statusOf('payouts', id)).toBe('held_for_review');
  });
});

describe('a review', () => {
  it('needs as many distinct reviewers as the rule asked; then the pay-out goes to its gateway', async () => {
    const id = await heldPayout('review-a-1', 70_00n, 3);
    const first = await t.as<{ status: string; approvals: number; approvals_required: number }>(
      ADMIN,
      'approveHeldItem',
      { id },
    );
    expect(first.data).toMatchObject({
      status: 'held_for_review',
      approvals: 1,
      approvals_required: 3,
    });
    // The same person twice does not count twice.
    expect((await t.as(ADMIN, 'approveHeldItem', { id })).status).toBe(409);
    expect((await t.as(ADMIN2, 'approveHeldItem', { id })).data).toMatchObject({ approvals: 2 });
    expect(await handedOver(t, id)).toBe(0);
    const last = await t.as<{ status: string }>(ADMIN3, 'approveHeldItem', { id });
    expect(last.data.status).toBe('processing');
    expect(await handedOver(t, id)).toBe(1);
    expect((await queue({ search: id })).rows).toHaveLength(0);
  });

  it('refuses the admin who asked for the item', async () => {
    const merchantId = await t.accountId('MER00001');
    const adminId = (
      await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [ADMIN])
    ).rows[0]!.id;
    const [made] = await t.db.transaction(async (tx) => {
      const rows = await createPayouts(tx, [
        {
          merchantId,
          orderId: 'review-own-1',
          currency: 'THB',
          amount: 80_00n,
          bankName: 'Kasikorn',
          accountNumber: '9876543210',
          accountHolder: 'Somchai P.',
          inHouse: false,
          createdAt: new Date(),
          status: 'held_for_review',
        },
      ]);
      // Who asked, as a back-office request records it (`recordRequest`).
      await tx.query(
        `INSERT INTO money_requests (ref_type, ref_id, requested_by, created_at)
         VALUES ('payout', $1, $2, now())`,
        [rows[0]!.id, adminId],
      );
      return rows;
    });
    await decided('payout', made!.id, 1);
    const own = await t.as(ADMIN, 'approveHeldItem', { id: made!.id });
    expect(own.status).toBe(403);
    expect(await statusOf('payouts', made!.id)).toBe('held_for_review');
    // Money leaving needs two (the threshold): two others, the asker never counting.
    expect((await t.as(ADMIN2, 'approveHeldItem', { id: made!.id })).data).toMatchObject({
      status: 'held_for_review',
      approvals: 1,
    });
    expect((await t.as(ADMIN3, 'approveHeldItem', { id: made!.id })).data).toMatchObject({
      status: 'processing',
    });
  });

  it('a decline rejects it, gives the money back at once, and it never reaches a gateway', async () => {
    const id = await heldPayout('review-d-1', 90_00n, 2);
    const declined = await t.as<{ status: string }>(ADMIN, 'declineHeldItem', {
      id,
      ...REJECTION,
    });
    expect(declined.data.status).toBe('rejected');
    const { rows } = await t.db.query<{
      amount: bigint;
      fee: bigint;
      decision_reason_code: string;
    }>('SELECT amount, fee, decision_reason_code FROM payouts WHERE id = $1', [id]);
    // Its own journals: the hold when it was made, then the decline's return of all of it.
    // (The balance itself is not compared: an earlier test's pay-out may fail back meanwhile.)
    const held = BigInt(rows[0]!.amount) + BigInt(rows[0]!.fee);
    expect(await demoMerchantMovesOf(t, id, 'payout_available')).toEqual([-held, held]);
    expect(rows[0]!.decision_reason_code).toBe(REJECTION.reasonCode);
    expect((await t.as(ADMIN2, 'approveHeldItem', { id })).status).toBe(409);
    expect(await handedOver(t, id)).toBe(0);
  });

  it('decides several at once, each as alone', async () => {
    const a = await heldPayout('review-b-1', 51_00n, 1);
    const b = await heldPayout('review-b-2', 52_00n, 1);
    const r = await t.as<{ results: { id: string; ok: boolean; status?: string }[] }>(
      ADMIN,
      'decideHeldItems',
      { ids: `${a},${b}`, decision: 'reject', ...REJECTION },
    );
    expect(r.data.results).toEqual([
      expect.objectContaining({ id: a, ok: true, status: 'rejected' }),
      expect.objectContaining({ id: b, ok: true, status: 'rejected' }),
    ]);
  });

  it('a held settlement is approved by its review, then completed as any approved one', async () => {
    const merchantId = await t.accountId('MER00001');
    const [made] = await t.db.transaction((tx) =>
      requestSettlements(tx, [
        {
          merchantId,
          destination: 'bank',
          currency: 'THB',
          amount: 300_00n,
          bankName: 'Kasikorn',
          accountNumber: '1111222233',
          accountHolder: 'MER00001 Co.',
          createdAt: new Date(),
          status: 'held_for_review',
        },
      ]),
    );
    await decided('settlement', made!.id, 1);
    const answer = await t.as<{ status: string; approvals_required: number }>(
      ADMIN,
      'approveHeldItem',
      { id: made!.id },
    );
    // Money leaving: the two-approver threshold (every amount by default) still counts.
    expect(answer.data).toMatchObject({ status: 'held_for_review', approvals_required: 2 });
    expect((await t.as(ADMIN2, 'approveHeldItem', { id: made!.id })).data).toMatchObject({
      status: 'approved',
    });
  });
});

describe('held items expire', () => {
  it('as other requests do: rejected by the system, their money given back', async () => {
    await heldPayout('review-e-1', 66_00n, 1);
    const held = await t.db.query<{ id: string; total: bigint }>(
      `SELECT id, amount + fee AS total FROM payouts WHERE status = 'held_for_review'`,
    );
    expect(held.rows.length).toBeGreaterThan(0);
    await sweepExpiredRequests(t.db, new Date(Date.now() + 400 * 3_600_000));
    for (const { id, total } of held.rows) {
      expect(await statusOf('payouts', id)).toBe('rejected');
      const { rows } = await t.db.query<{ code: string }>(
        'SELECT decision_reason_code AS code FROM payouts WHERE id = $1',
        [id],
      );
      expect(rows[0]!.code).toBe('expired');
      // Each gives back all it held, in a journal of its own.
      const all = BigInt(total);
      expect(await demoMerchantMovesOf(t, id, 'payout_available')).toEqual([-all, all]);
    }
  });
});
