import { formatAmount, parseAmount } from '@bo/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payinFeeReturn } from '../../src/modules/refunds/refund-pricing';
import {
  ADMIN,
  fundDemoMerchant,
  MERCHANT,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/** With `refundReturnsPayinFee` on, a succeeded refund gives the pay-in's fee back pro rata. */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'fee-return');
  await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '300.00' });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

it('returns fee × refunded ÷ amount, rounded down, from the platform’s fees', async () => {
  const set = await t.as(ADMIN, 'setPlatformSettings', { refundReturnsPayinFee: '1' });
  expect(set.status, set.message).toBe(200);
  const { rows } = await t.db.query<{ id: string; fee: bigint; amount: bigint }>(
    `SELECT id, fee, amount FROM payins WHERE order_id = 'fee-return'`,
  );
  const payin = rows[0]!;
  const balance = async () => {
    const r = await t.as<{ balances: { currency: string; available: string }[] }>(
      MERCHANT,
      'getReportBalanceForResellerMerchant',
      { currency: 'THB' },
    );
    return r.data.balances.find((b) => b.currency === 'THB')!.available;
  };
  const before = await balance();
  const r = await t.as<{ id: string; fee_returned: string }>(MERCHANT, 'requestRefund', {
    payinId: payin.id,
    amount: '100.03',
  });
  expect(r.status, r.message).toBe(200);
  const expected = (payin.fee * 10003n) / payin.amount;
  expect(r.data.fee_returned).toBe(formatAmount(expected, 'THB'));
  await t.sandbox.idle();
  const after = await balance();
  // Exactly: the amount left (no refund fee in the demo contracts), the pay-in fee's share came back.
  expect(parseAmount(after, 'THB')! - parseAmount(before, 'THB')!).toBe(-10003n + expected);
});

it('counts the refund net of the fee it gave back in the reports, which still reconcile', async () => {
  const { rows } = await t.db.query<{ id: string; fee: bigint; fee_returned: bigint }>(
    `SELECT id, fee, fee_returned FROM refunds WHERE status = 'succeeded'`,
  );
  expect(rows).toHaveLength(1);
  const net = formatAmount(rows[0]!.fee - rows[0]!.fee_returned, 'THB');
  const daily = await t.as<{ totals: Record<string, unknown>[] }>(
    ADMIN,
    'getDailyTransactionsReport',
    { currency: 'THB' },
  );
  expect(daily.status, daily.message).toBe(200);
  expect(daily.data.totals[0]).toMatchObject({
    refund_success_count: 1,
    refund_volume: '100.03',
    refund_fee: net,
  });
  const merchant = await t.db.query<{ id: string }>(
    `SELECT id FROM accounts WHERE account_db_code = 'MER00001'`,
  );
  const statement = await t.as<{ rows: Record<string, string>[]; differences: string[] }>(
    ADMIN,
    'getMerchantStatement',
    { merchantId: merchant.rows[0]!.id, currency: 'THB' },
  );
  expect(statement.status, statement.message).toBe(200);
  expect(statement.data.differences).toEqual([]);
  // The refund left 100.03 plus its fee, less the pay-in fee that came back.
  expect(parseAmount(statement.data.rows[0]!.refunds!, 'THB')).toBe(
    -(10003n + rows[0]!.fee - rows[0]!.fee_returned),
  );
});

it('prices partial refunds on the running total: in parts they give back what one refund would', () => {
  // A 100.03 pay-in with a 2.00 fee: ten refunds of 10.00 and one of 0.03.
  const payin = { amount: 10003n, fee: 200n };
  const parts = [...Array.from({ length: 10 }, () => 1000n), 3n];
  let claimed = { amount: 0n, feeReturned: 0n };
  const back = parts.map((amount) => {
    const returned = payinFeeReturn(payin, claimed, amount);
    claimed = { amount: claimed.amount + amount, feeReturned: claimed.feeReturned + returned };
    return returned;
  });
  // Rounded down one by one, each part would give back 0.19 (1.90 in all).
  expect(back.reduce((a, b) => a + b, 0n)).toBe(200n);
  expect(payinFeeReturn(payin, { amount: 0n, feeReturned: 0n }, 10003n)).toBe(200n);
  // Every running total: what was given back is floor(fee × refunded ÷ amount).
  let refunded = 0n;
  let returned = 0n;
  for (const [i, amount] of parts.entries()) {
    refunded += amount;
    returned += back[i]!;
    expect(returned).toBe((payin.fee * refunded) / payin.amount);
  }
  // A claimed refund that failed leaves its slice unreturned: later ones never exceed the fee.
  const small = { amount: 3n, fee: 1n };
  const x = payinFeeReturn(small, { amount: 0n, feeReturned: 0n }, 2n); // fails later
  const y = payinFeeReturn(small, { amount: 2n, feeReturned: x }, 1n);
  const z = payinFeeReturn(small, { amount: 1n, feeReturned: y }, 2n); // after x failed
  expect([x, y, z]).toEqual([0n, 1n, 0n]);
});

it('a pay-in refunded in eleven parts gives its whole fee back', async () => {
  // Every refund waits for approval here, so none is settled meanwhile.
  await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '0.01' });
  const created = await t.api('POST', '/api/v1/payins', {
    amount: '100.03',
    currency: 'THB',
    order_id: 'fee-return-parts',
  });
  expect(created.status).toBe(201);
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ id: string; fee: bigint; status: string }>(
    `SELECT id, fee, status FROM payins WHERE order_id = 'fee-return-parts'`,
  );
  const payin = rows[0]!;
  expect(payin.status).toBe('success');
  expect(payin.fee).toBeGreaterThan(0n);
  const returned: bigint[] = [];
  for (const amount of [...Array.from({ length: 10 }, () => '10.00'), '0.03']) {
    const r = await t.as<{ fee_returned: string; status: string }>(MERCHANT, 'requestRefund', {
      payinId: payin.id,
      amount,
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.status).toBe('pending_approval');
    returned.push(parseAmount(r.data.fee_returned, 'THB')!);
  }
  // Each part rounded down on its own would give back less than the fee.
  expect(10n * ((payin.fee * 1000n) / 10003n) + (payin.fee * 3n) / 10003n).toBeLessThan(payin.fee);
  expect(returned.reduce((a, b) => a + b, 0n)).toBe(payin.fee);
});
