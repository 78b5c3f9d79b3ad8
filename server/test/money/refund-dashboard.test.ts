import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  refundablePayin,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/** The dashboard's balance row follows refunds (issue 26): it is the journal's available balance. */
let t: MoneyApp;
let payinId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  // A 10000.03 THB pay-in of MER00001's (9750.03 available); refunds from 300 THB wait.
  payinId = await refundablePayin(t, 'dashboard-refunds');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type Dashboard = { currency_report: { currency: string; balance: string }[] };

/** The THB balance on the dashboard of `email` (MER00001's own, or the admin's scope). */
async function thbBalance(email: string, accountDbCode?: string): Promise<string> {
  const r = await t.as<Dashboard>(email, 'getReportDashboardV3', {
    currency: 'THB',
    ...(accountDbCode ? { accountType: 'merchant', accountDbCode } : {}),
  });
  expect(r.status, r.message).toBe(200);
  return r.data.currency_report.find((c) => c.currency === 'THB')!.balance;
}

describe("the dashboard's balance row", () => {
  it('drops by a refund when it is asked for and stays so when it succeeds', async () => {
    expect(await thbBalance(MERCHANT)).toBe('9750.03');
    expect(await thbBalance(ADMIN, 'MER00001')).toBe('9750.03');
    // Amounts ending in 03 the sandbox refunds.
    const r = await t.as(MERCHANT, 'requestRefund', { payinId, amount: '100.03' });
    expect(r.status, r.message).toBe(200);
    expect(await thbBalance(MERCHANT)).toBe('9650.00');
    await t.sandbox.idle();
    expect(await thbBalance(MERCHANT)).toBe('9650.00');
    expect(await thbBalance(ADMIN, 'MER00001')).toBe('9650.00');
  });

  it('gets a failed refund back', async () => {
    // Amounts ending in 01 the sandbox fails.
    const r = await t.as(MERCHANT, 'requestRefund', { payinId, amount: '50.01' });
    expect(r.status, r.message).toBe(200);
    // (Held until the sandbox fails it, which may already have happened: not read between.)
    await t.sandbox.idle();
    expect(await thbBalance(MERCHANT)).toBe('9650.00');
  });
});
