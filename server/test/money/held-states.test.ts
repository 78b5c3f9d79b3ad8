import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPayoutToGateway } from '../../src/modules/payouts/payout-flow';
import { changePayouts, createPayouts } from '../../src/modules/payouts/payouts.service';
import {
  changeSettlements,
  requestSettlements,
} from '../../src/modules/settlements/settlements.service';
import {
  ADMIN,
  ADMIN2,
  fundDemoMerchant,
  REJECTION,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';
import { demoMerchantBalance, handedOver } from './support/risk-checks';

/**
 * Issue 42, the states risk controls put money in: an item held for review leaves the hold only
 * through its review. No ordinary approval, rejection, hand-over, in-house completion or
 * callback moves it, so held money is never paid out; a review's change does move it, with its
 * money (a decline voids the reservation in the same journal transaction). Its expiry is its
 * review's (risk-review.test.ts).
 * Items are made held or blocked as intake makes them: by their kind's creation, with the
 * status risk controls decided (intake's own decision is tested with the rules).
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '5000.00');
  await fundDemoMerchant(t, 'held-fund');
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const statusOf = async (table: string, id: string) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0]!
    .status;

const approvalsOf = async (id: string) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM approvals WHERE ref_id = $1', [
      id,
    ])
  ).rows[0]!.n;

/** An item's amount and fee, what a void gives back. */
async function amountAndFee(table: string, id: string): Promise<bigint> {
  const { rows } = await t.db.query<{ amount: bigint; fee: bigint }>(
    `SELECT amount, fee FROM ${table} WHERE id = $1`,
    [id],
  );
  return BigInt(rows[0]!.amount) + BigInt(rows[0]!.fee);
}

/** A pay-out of 100.00 THB that intake held for review (or blocked): made as intake makes it. */
async function payoutAtIntake(orderId: string, status: 'held_for_review' | 'blocked') {
  const merchantId = await t.accountId('MER00001');
  const [made] = await t.db.transaction((tx) =>
    createPayouts(tx, [
      {
        merchantId,
        orderId,
        currency: 'THB',
        amount: 100_00n,
        bankName: 'Kasikorn',
        accountNumber: '1234567890',
        accountHolder: 'Somchai P.',
        inHouse: false,
        createdAt: new Date(),
        status,
      },
    ]),
  );
  return made!.id;
}

const heldPayout = (orderId: string) => payoutAtIntake(orderId, 'held_for_review');

describe('a held pay-out', () => {
  it('reserves its money as any request does; a blocked one reserves nothing', async () => {
    const available = await demoMerchantBalance(t, 'payout_available');
    const held = await heldPayout('held-po-0');
    expect(await demoMerchantBalance(t, 'payout_available')).toBe(
      available - (await amountAndFee('payouts', held)),
    );
    const blocked = await payoutAtIntake('blocked-po-0', 'blocked');
    expect(await statusOf('payouts', blocked)).toBe('blocked');
    expect(await demoMerchantBalance(t, 'payout_available')).toBe(
      available - (await amountAndFee('payouts', held)),
    );
    expect((await t.as(ADMIN, 'approvePayout', { id: blocked })).status).toBe(409);
    await sendPayoutToGateway(t.db, blocked);
    expect(await handedOver(t, blocked)).toBe(0);
  });

  it('cannot be approved, rejected, sent or completed in house along the ordinary path', async () => {
    const id = await heldPayout('held-po-1');
    const reserved = await demoMerchantBalance(t, 'payout_reserved');

    const approved = await t.as(ADMIN, 'approvePayout', { id });
    expect(approved.status).toBe(409);
    expect(await approvalsOf(id)).toBe(0);
    expect((await t.as(ADMIN, 'rejectPayout', { id, ...REJECTION })).status).toBe(409);
    expect(
      (await t.as(ADMIN, 'decidePayouts', { ids: id, decision: 'approve' })).data,
    ).toMatchObject({ results: [{ id, ok: false }] });

    await sendPayoutToGateway(t.db, id);
    await t.db.query('UPDATE payouts SET is_in_house = true WHERE id = $1', [id]);
    const completed = await t.as(ADMIN, 'completeInHousePayout', { id, outcome: 'success' });
    expect(completed.status).toBe(409);

    expect(await statusOf('payouts', id)).toBe('held_for_review');
    expect(await demoMerchantBalance(t, 'payout_reserved')).toBe(reserved);
    expect(await handedOver(t, id)).toBe(0);
  });

  it('moves only by its review: a decline voids its reservation in the same transaction', async () => {
    const id = await heldPayout('held-po-2');
    const available = await demoMerchantBalance(t, 'payout_available');
    const at = new Date();
    const [ordinary] = await t.db.transaction((tx) =>
      changePayouts(tx, [{ id, status: 'rejected', at }]),
    );
    expect(ordinary).toMatchObject({ applied: false, from: 'held_for_review' });
    const [declined] = await t.db.transaction((tx) =>
      changePayouts(tx, [{ id, status: 'rejected', at, path: 'review' }]),
    );
    expect(declined).toMatchObject({ applied: true, from: 'held_for_review', status: 'rejected' });
    expect(await demoMerchantBalance(t, 'payout_available')).toBe(
      available + (await amountAndFee('payouts', id)),
    );
    // A declined item is final: nothing sends it to a gateway afterwards.
    await sendPayoutToGateway(t.db, id);
    expect(await handedOver(t, id)).toBe(0);
  });

  it('a review that lets it go sends it on as any approved pay-out', async () => {
    const id = await heldPayout('held-po-3');
    const [released] = await t.db.transaction((tx) =>
      changePayouts(tx, [{ id, status: 'processing', at: new Date(), path: 'review' }]),
    );
    expect(released).toMatchObject({ applied: true, status: 'processing' });
    // A review's path does not move an item that is not held.
    const [again] = await t.db.transaction((tx) =>
      changePayouts(tx, [{ id, status: 'rejected', at: new Date(), path: 'review' }]),
    );
    expect(again).toMatchObject({ applied: false, from: 'processing' });
    await sendPayoutToGateway(t.db, id);
    expect(await handedOver(t, id)).toBe(1);
  });
});

describe('a held settlement', () => {
  it('is not approved by the settlement queue, and a review decline gives its money back', async () => {
    const merchantId = await t.accountId('MER00001');
    const [made] = await t.db.transaction((tx) =>
      requestSettlements(tx, [
        {
          merchantId,
          destination: 'bank',
          currency: 'THB',
          amount: 200_00n,
          bankName: 'Kasikorn',
          accountNumber: '1234567890',
          accountHolder: 'Somchai P.',
          createdAt: new Date(),
          status: 'held_for_review',
        },
      ]),
    );
    const id = made!.id;
    const available = await demoMerchantBalance(t, 'available');

    expect((await t.as(ADMIN, 'approveSettlement', { id })).status).toBe(409);
    expect((await t.as(ADMIN2, 'approveSettlement', { id })).status).toBe(409);
    expect(await approvalsOf(id)).toBe(0);
    expect(
      (await t.as(ADMIN, 'completeSettlement', { id, bankReference: 'FT-1', valueDate: today() }))
        .status,
    ).toBe(409);

    const [declined] = await t.db.transaction((tx) =>
      changeSettlements(tx, [{ id, status: 'rejected', at: new Date(), path: 'review' }]),
    );
    expect(declined).toMatchObject({ applied: true, status: 'rejected' });
    expect(await demoMerchantBalance(t, 'available')).toBe(
      available + (await amountAndFee('settlements', id)),
    );
  });
});

const today = () => new Date().toISOString().slice(0, 10);
