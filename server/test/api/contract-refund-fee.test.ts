import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedActions } from '../support/admin-log';
import {
  ADMIN,
  MERCHANT,
  refundablePayin,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

let t: MoneyApp;
let payinId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  // A 10000.03 THB pay-in of MER00001's (9750.03 available); refunds from 300 THB wait.
  payinId = await refundablePayin(t, 'refund-fee-source');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type Rate = { percent: string; fixed: string };
type Page<R> = { rows: R[] };

/** The THB version of MER00001's line in force now, as /contracts shows it to the merchant. */
async function inForceForMerchant() {
  const list = await t.as<Page<{ id: string; refund_percent: string; refund_fixed: string }>>(
    MERCHANT,
    'getMerchantContractList',
    { currency: 'THB', status: 'in_force' },
  );
  expect(list.status, list.message).toBe(200);
  return list.data.rows[0]!;
}

let contractId: string;

describe('the refund fee of a contract line', () => {
  it('is 0 until set', async () => {
    expect(await inForceForMerchant()).toMatchObject({
      refund_percent: '0.0000',
      refund_fixed: '0.00',
    });
  });

  it('an admin sets it (percent + fixed); the lists, the rates and the admin log show it', async () => {
    const created = await t.as<{ id: string; refund: Rate }>(ADMIN, 'createContract', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      payinPercent: '2.5',
      resellerPayinPercent: '1.5',
      refundPercent: '1.5',
      refundFixed: '2',
    });
    expect(created.status, created.message).toBe(200);
    contractId = created.data.id;
    expect(created.data.refund).toEqual({ percent: '1.5000', fixed: '2.00', min: null, max: null });
    expect(await inForceForMerchant()).toMatchObject({
      id: contractId,
      refund_percent: '1.5000',
      refund_fixed: '2.00',
    });
    const rates = await t.as<{
      lines: { merchant_db_code: string; currency: string; in_force: { refund: Rate } | null }[];
    }>(ADMIN, 'getResellerContractRates', { resellerId: 'RES00001', currency: 'THB' });
    const line = rates.data.lines.find((l) => l.merchant_db_code === 'MER00001');
    expect(line?.in_force?.refund).toMatchObject({ percent: '1.5000', fixed: '2.00' });
    const log = (await loggedActions(t.db, 'contract.create')).find(
      (l) => l.target_id === contractId,
    );
    expect(log?.after).toMatchObject({ refund: { percent: '1.5000', fixed: '2.00' } });
    expect(log?.before).toMatchObject({ refund: { percent: '0.0000', fixed: '0.00' } });
  });

  it('prices a refund: the quote and the request charge 1.5% (rounded down) + 2.00, posted', async () => {
    // 100.03 ends in 03: the sandbox refunds it. 1.5% of 100.03 is 1.50045, charged as 1.50.
    const quote = await t.as<Record<string, unknown>>(MERCHANT, 'quoteRefund', {
      payinId,
      amount: '100.03',
    });
    expect(quote.status, quote.message).toBe(200);
    expect(quote.data).toMatchObject({
      amount: '100.03',
      fee: '3.50',
      total: '103.53',
      available: '9750.03',
      remaining: '9646.50',
    });
    const refund = await t.as<{ id: string; fee: string; status: string }>(
      MERCHANT,
      'requestRefund',
      { payinId, amount: '100.03' },
    );
    expect(refund.status, refund.message).toBe(200);
    expect(refund.data).toMatchObject({ fee: '3.50', status: 'processing' });
    const { rows } = await t.db.query<{ contract_id: string; fee: bigint }>(
      'SELECT contract_id, fee FROM refunds WHERE id = $1',
      [refund.data.id],
    );
    expect(rows[0]).toEqual({ contract_id: contractId, fee: 350n });
    await t.sandbox.idle();
    const list = await t.as<Page<{ id: string; status: string; fee: string }>>(
      MERCHANT,
      'getRefundList',
      { payinId },
    );
    expect(list.data.rows).toMatchObject([
      { id: refund.data.id, status: 'succeeded', fee: '3.50' },
    ]);
    const balances = await t.as<{ balances: { currency: string; available: string }[] }>(
      MERCHANT,
      'getReportBalanceForResellerMerchant',
      { currency: 'THB' },
    );
    expect(balances.data.balances.find((b) => b.currency === 'THB')?.available).toBe('9646.50');
  });

  it('the fee preview prices a refund as the quote does: the platform keeps the fee', async () => {
    const preview = (email: string, movement: string) =>
      t.as<Record<string, unknown>>(email, 'getFeePreview', {
        merchantDbCode: 'MER00001',
        currency: 'THB',
        movement,
        amount: '100.03',
      });
    const admin = await preview(ADMIN, 'refund');
    expect(admin.status, admin.message).toBe(200);
    expect(admin.data).toMatchObject({
      fee: '3.50',
      merchant_net: null,
      merchant_pays: '103.53',
      reseller_commission: '0.00',
      platform_profit: '3.50',
      gateway_cost: '0.00',
      contract_id: contractId,
    });
    const merchant = await preview(MERCHANT, 'refund');
    expect(merchant.data).toMatchObject({
      fee: '3.50',
      merchant_net: null,
      merchant_pays: '103.53',
      platform_profit: null,
    });
    const wrong = await preview(ADMIN, 'chargeback');
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('must be payin, payout, settlement or refund');
  });
});
