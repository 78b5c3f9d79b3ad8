import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverview } from '@bo/contract';
import type { z } from 'zod';
import { createPayouts } from '../../src/modules/payouts/payouts.service';
import {
  ADMIN,
  MERCHANT,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from '../money/support/money-app';
import { DEMO_PASSWORD } from '../support/test-app';

type Overview = z.infer<typeof adminOverview>;
let t: MoneyApp;
/** An admin sub-account with only the top-up module: it may not review held items. */
const TOP_UP_ONLY = 'topups-only@example.test';

beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '5000.00');
  const made = await t.as(ADMIN, 'createSubAccount', {
    email: TOP_UP_ONLY,
    username: 'topups-only',
    name: 'Top-ups only',
    modules: 'top_up',
    temporaryPassword: DEMO_PASSWORD,
  });
  expect(made.status).toBe(200);
  await t.db.query('UPDATE accounts SET must_change_password = false WHERE email = $1', [
    TOP_UP_ONLY,
  ]);
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

async function riskReviewOf(email: string) {
  const answer = await t.as<Overview>(email, 'getAdminDashboardV2', {});
  expect(answer.status, answer.message).toBe(200);
  return adminOverview.parse(answer.data).risk_review;
}

/** A pay-out of the demo merchant's that intake held for review, made `minutesAgo`. */
async function heldPayout(orderId: string, minutesAgo: number): Promise<string> {
  const merchantId = await t.accountId('MER00001');
  const [made] = await t.db.transaction((tx) =>
    createPayouts(tx, [
      {
        merchantId,
        orderId,
        currency: 'THB',
        amount: 100_00n,
        bankName: 'Kasikorn',
        accountNumber: '9876543210',
        accountHolder: 'Somchai P.',
        inHouse: false,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        status: 'held_for_review',
      },
    ]),
  );
  return made!.id;
}

describe('the admin overview’s review queue (issue 42)', () => {
  it('counts the held items and says when the oldest was held', async () => {
    const before = await riskReviewOf(ADMIN);
    expect(before).not.toBeNull();
    await heldPayout('overview-held-1', 5);
    const oldest = await heldPayout('overview-held-2', 180);
    const after = await riskReviewOf(ADMIN);
    expect(after!.count).toBe(before!.count + 2);
    const { rows } = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM payouts WHERE id = $1',
      [oldest],
    );
    expect(after!.oldest_at).toBe(rows[0]!.created_at.toISOString());
  });

  it('the queue adds up what its card counts (the list kit’s totals strip)', async () => {
    const held = (await riskReviewOf(ADMIN))!.count;
    const r = await t.as<{ totals: { currency: string; count: number }[] }>(
      ADMIN,
      'getListTotals',
      { call: 'getRiskReviewList' },
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data.totals.reduce((sum, row) => sum + row.count, 0)).toBe(held);
  });

  it('a declined item leaves the count', async () => {
    const id = await heldPayout('overview-held-3', 1);
    const before = (await riskReviewOf(ADMIN))!.count;
    const declined = await t.as(ADMIN, 'declineHeldItem', {
      id,
      reasonCode: 'other',
      note: 'Declined by a test',
    });
    expect(declined.status, declined.message).toBe(200);
    expect((await riskReviewOf(ADMIN))!.count).toBe(before - 1);
  });

  it('is null for an admin who may not review, and a merchant gets no admin overview', async () => {
    expect(await riskReviewOf(TOP_UP_ONLY)).toBeNull();
    expect((await t.as(MERCHANT, 'getAdminDashboardV2', {})).status).toBe(403);
  });
});
