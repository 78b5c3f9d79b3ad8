import type { MoneyDetail } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ADMIN2,
  fundDemoMerchant,
  MERCHANT,
  MERCHANT2,
  refundablePayin,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/** A pay-in's timeline shows each of its refunds' steps (the registry's `parentKind`). */
let t: MoneyApp;
let payinId: string;
const refunds = { small: '', approved: '', failed: '' };

beforeAll(async () => {
  t = await startMoneyApp();
  // A 10000.03 THB pay-in of MER00001's (9750.03 available); refunds from 300 THB wait.
  payinId = await refundablePayin(t, 'timeline-source');
  const ask = async (amount: string) => {
    const r = await t.as<{ id: string }>(MERCHANT, 'requestRefund', { payinId, amount });
    expect(r.status, r.message).toBe(200);
    return r.data.id;
  };
  // Amounts ending in 03 the sandbox refunds, in 01 it fails.
  refunds.small = await ask('100.03');
  await t.sandbox.idle();
  refunds.approved = await ask('500.03');
  for (const admin of [ADMIN, ADMIN2]) {
    const r = await t.as(admin, 'approveRefund', { id: refunds.approved });
    expect(r.status, r.message).toBe(200);
  }
  await t.sandbox.idle();
  refunds.failed = await ask('50.01');
  await t.sandbox.idle();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type Step = MoneyDetail['timeline'][number];

async function timelineOf(email: string) {
  const r = await t.as<MoneyDetail>(email, 'getMoneyDetail', { kind: 'payin', id: payinId });
  expect(r.status, r.message).toBe(200);
  return r.data.timeline;
}

/** One refund's steps on the pay-in's timeline: what happened, from and to which status. */
const stepsOf = (timeline: Step[], id: string) =>
  timeline
    .filter((s) => s.subject?.id === id)
    .map((s) => [s.event, s.from_status, s.to_status, s.actor]);

describe("a pay-in's timeline", () => {
  it('shows each of its refunds: requested, approved, succeeded or failed, with its amount', async () => {
    const timeline = await timelineOf(MERCHANT);
    // The pay-in's own steps stay, unmarked, first.
    expect(timeline[0]).toMatchObject({ event: 'created', subject: null });
    expect(timeline.filter((s) => s.subject === null && s.to_status === 'success')).toHaveLength(1);
    expect(stepsOf(timeline, refunds.small)).toEqual([
      ['created', null, 'processing', 'merchant'],
      ['status_change', null, 'succeeded', 'gateway'],
    ]);
    // Admins are "back office" to the merchant; the first of two approvals moves nothing.
    expect(stepsOf(timeline, refunds.approved)).toEqual([
      ['created', null, 'pending_approval', 'merchant'],
      ['action', null, null, 'back office'],
      ['status_change', 'pending_approval', 'processing', 'back office'],
      ['status_change', null, 'succeeded', 'gateway'],
    ]);
    expect(stepsOf(timeline, refunds.failed)).toEqual([
      ['created', null, 'processing', 'merchant'],
      ['status_change', null, 'failed', 'gateway'],
    ]);
    expect(timeline.find((s) => s.subject?.id === refunds.approved)?.subject).toEqual({
      kind: 'refund',
      id: refunds.approved,
      amount: '500.03',
      currency: 'THB',
    });
    // Oldest first across the pay-in's and its refunds' steps; the refunds' journals are theirs.
    const times = timeline.map((s) => s.at);
    expect(times).toEqual([...times].sort());
    expect(timeline.some((s) => s.subject && s.event === 'journal')).toBe(false);
  });

  it('names the admins to an admin, and shows the reseller its merchant’s refunds', async () => {
    const admin = await timelineOf(ADMIN);
    expect(stepsOf(admin, refunds.approved).map((s) => s[3])).toEqual([
      'merchant',
      expect.not.stringMatching(/^back office$/),
      expect.not.stringMatching(/^back office$/),
      'gateway',
    ]);
    expect(new Set((await timelineOf(RESELLER)).map((s) => s.subject?.id ?? null))).toEqual(
      new Set([null, refunds.small, refunds.approved, refunds.failed]),
    );
  });

  it('is not found for another merchant or another reseller, refunds and all', async () => {
    for (const email of [MERCHANT2, RESELLER2]) {
      const r = await t.as(email, 'getMoneyDetail', { kind: 'payin', id: payinId });
      expect(r.status).toBe(404);
      const refund = await t.as(email, 'getMoneyDetail', { kind: 'refund', id: refunds.small });
      expect(refund.status).toBe(404);
    }
  });

  it('reads its refunds in as many queries for one refund as for three', async () => {
    await fundDemoMerchant(t, 'timeline-single');
    const { rows } = await t.db.query<{ id: string }>(
      "SELECT id FROM payins WHERE order_id = 'timeline-single'",
    );
    const single = rows[0]!.id;
    const r = await t.as(MERCHANT, 'requestRefund', { payinId: single, amount: '100.03' });
    expect(r.status, r.message).toBe(200);
    await t.sandbox.idle();
    const queriesOf = async (id: string) => {
      const query = t.db.query;
      let count = 0;
      t.db.query = ((...args: Parameters<typeof query>) => {
        count++;
        return query.apply(t.db, args);
      }) as typeof query;
      try {
        const detail = await t.as(MERCHANT, 'getMoneyDetail', { kind: 'payin', id });
        expect(detail.status, detail.message).toBe(200);
      } finally {
        t.db.query = query;
      }
      return count;
    };
    expect(await queriesOf(payinId)).toBe(await queriesOf(single));
  });
});
