import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_PENDING_STATUSES, WITHDRAWAL_PENDING_STATUSES } from '@bo/contract';
import {
  ADMIN,
  fundDemoMerchant,
  MERCHANT,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/**
 * Issue 25: each pending bar of the dashboard counts exactly the queue it opens, settlements to
 * bank and to the USDT wallet apart, and a queue holds only its pending statuses.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await fundDemoMerchant(t, 'queues-1');
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const BANK = { bankName: 'KBank', accountNumber: '1', accountHolder: 'Siam' };

/** Three requests of one kind: one left pending, one approved, one rejected (out of the queue). */
async function threeOf(
  ask: () => Promise<{ data: { id: string } }>,
  approve: string,
  reject: string,
) {
  const [waiting, approved, rejected] = [await ask(), await ask(), await ask()];
  expect(waiting.data.id).toBeTruthy();
  expect((await t.approveByTwo(approve, approved.data.id)).status).toBe(200);
  expect((await t.as(ADMIN, reject, { id: rejected.data.id, ...REJECTION })).status).toBe(200);
}

describe('the pending queues and the dashboard', () => {
  it('counts each settlement and withdrawal queue as its list shows it', async () => {
    await threeOf(
      () => t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '100.00', ...BANK }),
      'approveSettlement',
      'rejectSettlement',
    );
    await threeOf(
      () => t.as(MERCHANT, 'requestSettlementWallet', { currency: 'THB', amount: '345.00' }),
      'approveSettlementWallet',
      'rejectSettlementWallet',
    );
    // Twice as many withdrawals as wallet settlements: every count differs from the others.
    for (let i = 0; i < 2; i++)
      await threeOf(
        () => t.as(RESELLER, 'requestWithdrawal', { currency: 'THB', amount: '5.00', ...BANK }),
        'approveWithdrawal',
        'rejectWithdrawal',
      );
    await t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '100.00', ...BANK });

    const queue = async (call: string) =>
      (
        await t.as<{ total: number; status_counts: Record<string, number> }>(ADMIN, call, {
          pendingOnly: '1',
          currency: 'THB',
        })
      ).data;
    const bank = await queue('getSettlementList');
    const wallet = await queue('getSettlementWalletList');
    const withdrawals = await queue('getWithdrawalList');
    expect([bank.total, wallet.total, withdrawals.total]).toEqual([3, 2, 4]);
    // A queue holds its pending statuses alone: those are the tabs it offers.
    for (const [counts, holds] of [
      [bank.status_counts, SETTLEMENT_PENDING_STATUSES],
      [wallet.status_counts, SETTLEMENT_PENDING_STATUSES],
      [withdrawals.status_counts, WITHDRAWAL_PENDING_STATUSES],
    ] as const)
      for (const [status, n] of Object.entries(counts))
        if (n > 0) expect(holds as readonly string[]).toContain(status);

    const dashboard = await t.as<{
      pending_list: { settlement: number; settlement_wallet: number; withdrawal: number };
    }>(ADMIN, 'getAdminDashboardV2', { currency: 'THB' });
    expect(dashboard.data.pending_list).toMatchObject({
      settlement: bank.total,
      settlement_wallet: wallet.total,
      withdrawal: withdrawals.total,
    });
  });
});
