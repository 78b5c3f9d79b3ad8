import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  MERCHANT2,
  REJECTION,
  RESELLER,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Payout {
  id: string;
  status: string;
  fee: string;
  amount: string;
}
interface Balances {
  balance: string;
  balances: { currency: string; available: string; reserved: string; payout_available: string }[];
}

const payoutFields = (orderId: string, amount: string, extra: Record<string, string> = {}) => ({
  currency: 'THB',
  amount,
  orderId,
  bankName: 'Kasikorn',
  accountNumber: '123-4-56789-0',
  accountHolder: 'Somchai P.',
  ...extra,
});

async function payoutBalance(email: string) {
  const r = await t.as<Balances>(email, 'getReportBalanceForResellerMerchant', { currency: 'THB' });
  return r.data.balances.find((b) => b.currency === 'THB')?.payout_available ?? '0.00';
}

describe('top-ups', () => {
  it('an admin records a top-up; another admin’s approval credits the pay-out balance once', async () => {
    const created = await t.as<{ id: string; status: string }>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      amount: '5000.00',
      note: 'wire 1',
    });
    expect(created).toMatchObject({ status: 200, data: { status: 'pending' } });
    expect(await payoutBalance(MERCHANT)).toBe('0.00');
    expect((await t.as(ADMIN2, 'approveTopUp', { id: created.data.id })).status).toBe(200);
    expect(await payoutBalance(MERCHANT)).toBe('5000.00');
    const again = await t.as(ADMIN2, 'approveTopUp', { id: created.data.id });
    expect(again.status).toBe(409);
    expect(await payoutBalance(MERCHANT)).toBe('5000.00');
    const list = await t.as<{ rows: { id: string }[] }>(ADMIN, 'getTopUpList', {
      merchantDbCode: 'MER00001',
    });
    expect(list.data.rows.map((r) => r.id)).toContain(created.data.id);
  });

  it('a rejected top-up credits nothing; merchants and resellers cannot reach top-ups', async () => {
    const created = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      amount: '10.00',
    });
    expect((await t.as(ADMIN, 'rejectTopUp', { id: created.data.id, ...REJECTION })).status).toBe(
      200,
    );
    expect(await payoutBalance(MERCHANT2)).toBe('0.00');
    expect(
      (
        await t.as(MERCHANT, 'createTopUp', {
          merchantDbCode: 'MER00001',
          currency: 'THB',
          amount: '10.00',
        })
      ).status,
    ).toBe(403);
    expect((await t.as(RESELLER, 'getTopUpList')).status).toBe(403);
    expect(
      (
        await t.as(ADMIN, 'createTopUp', {
          merchantDbCode: 'NOPE',
          currency: 'THB',
          amount: '10.00',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.as(ADMIN, 'createTopUp', {
          merchantDbCode: 'MER00001',
          currency: 'THB',
          amount: '1.001',
        })
      ).status,
    ).toBe(400);
  });

  it('refuses a currency the merchant has no contract in, recording nothing', async () => {
    const before = await t.count('top_ups');
    for (const currency of ['USDT', 'INR']) {
      const refused = await t.as(ADMIN, 'createTopUp', {
        merchantDbCode: 'MER00001',
        currency,
        amount: '10.00',
      });
      expect(refused).toMatchObject({
        status: 400,
        message: `currency: MER00001 has no contract in ${currency}, so it cannot be topped up in it`,
      });
    }
    expect(await t.count('top_ups')).toBe(before);
  });
});

describe('back-office pay-outs', () => {
  it('reserves amount plus fee on request, posts on gateway success', async () => {
    // 1% + 2.00 of 1000.03 = 12.00 (rounded down); amounts ending in .03 succeed at the sandbox.
    const created = await t.as<Payout>(MERCHANT, 'createPayout', payoutFields('po-1', '1000.03'));
    expect(created).toMatchObject({
      status: 200,
      data: { status: 'pending_approval', fee: '12.00' },
    });
    expect(await payoutBalance(MERCHANT)).toBe('3987.97');
    const pending = await t.as<{ rows: { id: string }[] }>(ADMIN, 'getPayoutList', {
      pendingOnly: '1',
    });
    expect(pending.data.rows.map((r) => r.id)).toContain(created.data.id);
    expect((await t.approveByTwo('approvePayout', created.data.id)).data).toMatchObject({
      status: 'processing',
      approvals: 2,
    });
    await t.sandbox.idle();
    const list = await t.as<{ rows: Payout[] }>(MERCHANT, 'getPayoutList', { search: 'po-1' });
    expect(list.data.rows[0]?.status).toBe('success');
    expect(await payoutBalance(MERCHANT)).toBe('3987.97');
  });

  it('voids the reservation when the gateway fails it or the admin rejects it', async () => {
    // Amounts ending in .01 fail at the sandbox gateway.
    const failing = await t.as<Payout>(MERCHANT, 'createPayout', payoutFields('po-2', '100.01'));
    expect(await payoutBalance(MERCHANT)).toBe('3884.96');
    await t.approveByTwo('approvePayout', failing.data.id);
    await t.sandbox.idle();
    expect(await payoutBalance(MERCHANT)).toBe('3987.97');
    const rejected = await t.as<Payout>(MERCHANT, 'createPayout', payoutFields('po-3', '50.00'));
    expect(
      (await t.as(ADMIN, 'rejectPayout', { id: rejected.data.id, ...REJECTION })).data,
    ).toMatchObject({ status: 'rejected' });
    expect(await payoutBalance(MERCHANT)).toBe('3987.97');
    expect((await t.as(ADMIN, 'approvePayout', { id: rejected.data.id })).status).toBe(409);
  });

  it('refuses a pay-out above the pay-out balance, changing nothing', async () => {
    const before = await t.count('payouts');
    const r = await t.as(MERCHANT, 'createPayout', payoutFields('po-4', '3980.00'));
    expect(r).toMatchObject({ status: 409 });
    expect(await t.count('payouts')).toBe(before);
    expect(await payoutBalance(MERCHANT)).toBe('3987.97');
  });

  it('lets an admin execute an in-house pay-out by hand', async () => {
    const created = await t.as<Payout>(
      MERCHANT,
      'createPayout',
      payoutFields('po-5', '300.00', { inHouse: '1' }),
    );
    await t.approveByTwo('approvePayout', created.data.id);
    const inHouse = await t.as<{ rows: { id: string; status: string }[] }>(ADMIN, 'getPayoutList', {
      inHouseOnly: '1',
    });
    expect(inHouse.data.rows[0]).toMatchObject({ id: created.data.id, status: 'processing' });
    expect(
      (await t.as(ADMIN, 'completeInHousePayout', { id: created.data.id, outcome: 'success' }))
        .data,
    ).toMatchObject({ status: 'success' });
    expect(await payoutBalance(MERCHANT)).toBe('3682.97');
    expect(
      (await t.as(ADMIN, 'completeInHousePayout', { id: created.data.id, outcome: 'failed' }))
        .status,
    ).toBe(409);
  });

  it('keeps decisions to the admin and lists in scope', async () => {
    const created = await t.as<Payout>(MERCHANT, 'createPayout', payoutFields('po-6', '1.00'));
    expect((await t.as(MERCHANT, 'approvePayout', { id: created.data.id })).status).toBe(403);
    expect(
      (await t.as(ADMIN, 'approvePayout', { id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
    expect((await t.as<{ total: number }>(MERCHANT2, 'getPayoutList')).data.total).toBe(0);
    expect((await t.as<{ total: number }>(RESELLER, 'getPayoutList')).data.total).toBeGreaterThan(
      0,
    );
    expect((await t.as(SUB, 'getPayoutList')).status).toBe(403);
    expect((await t.as(RESELLER, 'createPayout', payoutFields('po-7', '1.00'))).status).toBe(403);
    await t.as(ADMIN, 'rejectPayout', { id: created.data.id, ...REJECTION });
  });
});

describe('merchant API pay-outs', () => {
  it('creates a pay-out sent to the gateway at once and reads it back', async () => {
    const r = await t.api<Payout>('POST', '/api/v1/payouts', {
      amount: '20.03',
      currency: 'THB',
      order_id: 'api-po-1',
      bank_name: 'SCB',
      account_number: '111',
      account_holder: 'A',
    });
    expect(r).toMatchObject({ status: 201, body: { status: 'processing', fee: '2.20' } });
    await t.sandbox.idle();
    const read = await t.api<Payout>('GET', `/api/v1/payouts/${r.body.id}`);
    expect(read.body.status).toBe('success');
    const tooMuch = await t.api('POST', '/api/v1/payouts', {
      amount: '99999.00',
      currency: 'THB',
      order_id: 'api-po-2',
      bank_name: 'SCB',
      account_number: '1',
      account_holder: 'A',
    });
    expect(tooMuch.status).toBe(409);
  });
});
