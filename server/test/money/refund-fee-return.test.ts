import { formatAmount, parseAmount } from '@bo/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
