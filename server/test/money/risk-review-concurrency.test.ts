import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayouts } from '../../src/modules/payouts/payouts.service';
import { recordRiskDecisions } from '../../src/modules/risk/risk-decisions';
import {
  ADMIN,
  ADMIN2,
  REJECTION,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';
import { testDatabaseKind } from '../support/test-db';

const ADMIN3 = 'admin3@demo.test';

/**
 * Issue 42: many held pay-outs (800 on PostgreSQL, 200 on PGlite) reviewed at once by several
 * admins, approvals racing declines on the same items. Each item ends exactly once (sent on, or rejected with its money back), no
 * declined item reaches the gateway, and the books check clean.
 */
const HELD = testDatabaseKind() === 'postgres' ? 800 : 200;
const AT_ONCE = 12;

let t: MoneyApp;
const ids: string[] = [];
beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '100000.00');
  const merchantId = await t.accountId('MER00001');
  const resellerId = await t.accountId('RES00001');
  // A placeholder rule for the decisions to name (the queue joins rule names).
  const rule = await t.as<{ id: string }>(ADMIN, 'createRiskRule', {
    name: 'Concurrency',
    definition: JSON.stringify({
      kinds: ['payout'],
      action: { type: 'review' },
      when: { currency: { in: ['THB'] } },
    }),
  });
  for (let from = 0; from < HELD; from += 200) {
    const count = Math.min(200, HELD - from);
    await t.db.transaction(async (tx) => {
      const made = await createPayouts(
        tx,
        Array.from({ length: count }, (_, i) => ({
          merchantId,
          orderId: `conc-${from + i}`,
          currency: 'THB',
          amount: 10_00n + BigInt((from + i) % 3),
          bankName: 'Kasikorn',
          accountNumber: `55500${from + i}`,
          accountHolder: 'Somchai P.',
          inHouse: false,
          createdAt: new Date(),
          status: 'held_for_review' as const,
        })),
      );
      await recordRiskDecisions(
        tx,
        made.map((p) => ({
          kind: 'payout',
          refId: p.id,
          merchantId,
          resellerId,
          at: p.created_at,
          verdict: {
            outcome: 'review',
            minApprovals: 1,
            matches: [
              {
                ruleId: rule.data.id,
                version: 1,
                mode: 'active',
                action: 'review',
                error: false,
                seen: {},
              },
            ],
          },
        })),
      );
      ids.push(...made.map((p) => p.id));
    });
  }
}, 300_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** Runs `work` over `items`, `AT_ONCE` at a time. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('many held items reviewed at once', () => {
  it('each ends once, declined ones never reach a gateway, and the books stay clean', async () => {
    // Every third item is declined while two admins approve it; the others get three approvals
    // racing (money leaving needs two; the third finds it decided).
    const declined = new Set(ids.filter((_, i) => i % 3 === 0));
    await inParallel(ids, async (id) => {
      const calls = declined.has(id)
        ? [
            t.as(ADMIN, 'approveHeldItem', { id }),
            t.as(ADMIN3, 'declineHeldItem', { id, ...REJECTION }),
            t.as(ADMIN2, 'approveHeldItem', { id }),
          ]
        : [
            t.as(ADMIN, 'approveHeldItem', { id }),
            t.as(ADMIN2, 'approveHeldItem', { id }),
            t.as(ADMIN3, 'approveHeldItem', { id }),
          ];
      const answers = await Promise.all(calls);
      for (const a of answers) expect([200, 409]).toContain(a.status);
    });
    await t.sandbox.idle();

    const { rows } = await t.db.query<{ id: string; status: string; handed: number }>(
      `SELECT p.id, p.status,
              (SELECT count(*)::int FROM sandbox_payments s WHERE s.merchant_ref = p.id) AS handed
         FROM payouts p WHERE p.id = ANY ($1::uuid[])`,
      [ids],
    );
    expect(rows).toHaveLength(HELD);
    expect(rows.filter((r) => r.status === 'held_for_review')).toEqual([]);
    for (const r of rows) {
      // Sent on exactly once, or rejected and never sent.
      if (r.status === 'rejected') expect(r.handed).toBe(0);
      else expect(r.handed).toBe(1);
    }
    // An item the approvals did not reach before the decline is rejected; the others went on.
    expect(rows.filter((r) => !declined.has(r.id) && r.status === 'rejected')).toEqual([]);
  }, 600_000);
});
