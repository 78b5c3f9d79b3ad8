import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, fundedPayin, MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * What happened to a pay-in after it succeeded, beside its status (issue 40): what its
 * succeeded refunds gave back and whether a dispute is open on it, the same in the list, the
 * detail and the merchant API. Its status stays `success` throughout.
 */
let t: MoneyApp;
const ids: Record<string, string> = {};
const idOf = (order: string) => ids[order]!;

interface AfterCare {
  id: string;
  status: string;
  refunded_amount: string;
  disputed: boolean;
}

beforeAll(async () => {
  t = await startMoneyApp();
  for (const order of ['care-untouched', 'care-partial', 'care-full', 'care-disputed'])
    ids[order] = await fundedPayin(t, order);
  // Every refund here goes to the gateway at once (the sandbox pays amounts ending in .03).
  await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '99999.00' });
  for (const [order, amount] of [
    ['care-partial', '100.03'],
    ['care-full', '10000.03'],
  ] as const) {
    const r = await t.as(MERCHANT, 'requestRefund', { payinId: idOf(order), amount });
    expect(r.status, r.message).toBe(200);
  }
  const dispute = await t.as(ADMIN, 'simulateDispute', {
    payinId: idOf('care-disputed'),
    reasonCode: 'fraudulent',
  });
  expect(dispute.status, dispute.message).toBe(200);
  await t.sandbox.idle();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const EXPECTED: Record<string, Omit<AfterCare, 'id'>> = {
  'care-untouched': { status: 'success', refunded_amount: '0.00', disputed: false },
  'care-partial': { status: 'success', refunded_amount: '100.03', disputed: false },
  'care-full': { status: 'success', refunded_amount: '10000.03', disputed: false },
  'care-disputed': { status: 'success', refunded_amount: '0.00', disputed: true },
};

const pick = ({ status, refunded_amount, disputed }: AfterCare) => ({
  status,
  refunded_amount,
  disputed,
});

describe('a pay-in shows its refunds and open disputes beside its status', () => {
  it('in the back-office list, for the merchant and the admin', async () => {
    for (const who of [MERCHANT, ADMIN]) {
      const list = await t.as<{ rows: (AfterCare & { order_id: string })[] }>(who, 'getPayinList', {
        pageSize: '50',
      });
      expect(list.status, list.message).toBe(200);
      const seen = Object.fromEntries(
        list.data.rows.filter((r) => r.order_id in EXPECTED).map((r) => [r.order_id, pick(r)]),
      );
      expect(seen).toEqual(EXPECTED);
    }
  });

  it('in the detail', async () => {
    for (const [order, expected] of Object.entries(EXPECTED)) {
      const detail = await t.as<{ row: AfterCare }>(MERCHANT, 'getMoneyDetail', {
        kind: 'payin',
        id: idOf(order),
      });
      expect(detail.status, detail.message).toBe(200);
      expect(pick(detail.data.row)).toEqual(expected);
    }
  });

  it('in the merchant API, one pay-in and the list', async () => {
    let read = 0;
    for (const [order, expected] of Object.entries(EXPECTED)) {
      const one = await t.api<AfterCare>('GET', `/api/v1/payins/${ids[order]}?read=${read++}`);
      expect(one.status).toBe(200);
      expect(pick(one.body)).toEqual(expected);
    }
    const list = await t.api<{ data: (AfterCare & { order_id: string })[] }>(
      'GET',
      '/api/v1/payins?limit=50',
    );
    expect(list.status).toBe(200);
    const seen = Object.fromEntries(
      list.body.data.filter((r) => r.order_id in EXPECTED).map((r) => [r.order_id, pick(r)]),
    );
    expect(seen).toEqual(EXPECTED);
  });

  it('a won dispute is no longer open', async () => {
    await t.db.query(`UPDATE disputes SET status = 'won' WHERE payin_id = $1`, [
      ids['care-disputed'],
    ]);
    const detail = await t.as<{ row: AfterCare }>(MERCHANT, 'getMoneyDetail', {
      kind: 'payin',
      id: idOf('care-disputed'),
    });
    expect(detail.data.row.disputed).toBe(false);
    // Put back as it was: the books stay as the open dispute left them.
    await t.db.query(`UPDATE disputes SET status = 'opened' WHERE payin_id = $1`, [
      ids['care-disputed'],
    ]);
  });
});
