import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MERCHANT,
  MERCHANT2,
  refundablePayin,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/** The refund list's search box: by its pay-in's order id, its gateway reference, its id. */
let t: MoneyApp;
let refundId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  const payinId = await refundablePayin(t, 'refund-search-order');
  // Amounts ending in 03 the sandbox refunds (and gives a reference).
  const r = await t.as<{ id: string }>(MERCHANT, 'requestRefund', { payinId, amount: '100.03' });
  expect(r.status, r.message).toBe(200);
  refundId = r.data.id;
  await t.sandbox.idle();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type Page = { rows: { id: string; order_id: string; gateway_reference: string | null }[] };
const searched = async (email: string, search: string) => {
  const r = await t.as<Page>(email, 'getRefundList', { search });
  expect(r.status, r.message).toBe(200);
  return r.data.rows.map((row) => row.id);
};

describe('the refund list searched', () => {
  it("finds a refund by its pay-in's order id, its gateway reference and its id, in scope only", async () => {
    expect(await searched(MERCHANT, 'refund-search-order')).toEqual([refundId]);
    const [row] = (await t.as<Page>(MERCHANT, 'getRefundList', { search: refundId })).data.rows;
    expect(row?.order_id).toBe('refund-search-order');
    expect(row?.gateway_reference).toBeTruthy();
    expect(await searched(MERCHANT, row!.gateway_reference!)).toEqual([refundId]);
    expect(await searched(MERCHANT2, 'refund-search-order')).toEqual([]);
    expect(await searched(MERCHANT, 'no-such-order')).toEqual([]);
  });
});
