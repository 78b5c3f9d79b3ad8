import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../../src/modules/risk/risk-evaluate';
import {
  OTHER_MERCHANT_ID,
  facts,
  failingHistory,
  lookups,
  memoryHistory,
  rule,
} from './risk-memory';

const THB_OVER_50K = { amount: { currency: 'THB', op: 'gt', value: '50000' } };
const ANY_THB = { currency: { in: ['THB'] } };
const def = (type: 'allow' | 'block' | 'review', when: unknown = ANY_THB, more = {}) => ({
  kinds: ['payout', 'payin'],
  action: type === 'review' ? { type, approvers: 1 } : { type },
  when,
  ...more,
});
const review = (approvers: number, when: unknown = ANY_THB) => ({
  ...def('review', when),
  action: { type: 'review', approvers },
});
const one = (rules: Parameters<typeof evaluateRules>[0], f = facts(), history = memoryHistory()) =>
  evaluateRules(rules, [f], history, lookups())[0]!;

/** The "done when" rule: hold pay-outs over 50,000 THB to a bank account first seen today. */
const DONE_WHEN = {
  kinds: ['payout'],
  action: { type: 'review', approvers: 2 },
  when: { all: [THB_OVER_50K, { firstSeen: { key: 'bank_account', since: 'today' } }] },
};

describe('evaluateRules', () => {
  it('holds the done-when pay-out for two approvers, and not a known account', () => {
    const r = rule(DONE_WHEN);
    const verdict = one([r], facts({ bankAccount: '111' }));
    expect(verdict).toMatchObject({ outcome: 'review', minApprovals: 2 });
    expect(verdict.matches[0]).toMatchObject({ ruleId: r.id, action: 'review', error: false });
    expect(verdict.matches[0]!.seen).toEqual({
      'when.all[0].amount': '60000.00',
      'when.all[1].firstSeen': null,
    });
    const known = memoryHistory([
      facts({ bankAccount: '111', at: new Date('2026-11-01T00:00:00Z') }),
    ]);
    expect(one([r], facts({ bankAccount: '111' }), known).outcome).toBe('allow');
    expect(one([r], facts({ bankAccount: '111', kind: 'payin' })).outcome).toBe('allow');
    expect(one([r], facts({ bankAccount: '111', amount: 5_000_000n })).outcome).toBe('allow');
  });

  it('block beats review beats no match; approvers are the largest asked', () => {
    expect(one([rule(review(2)), rule(review(3)), rule(def('review'))])).toMatchObject({
      outcome: 'review',
      minApprovals: 3,
    });
    expect(one([rule(review(2)), rule(def('block'))])).toMatchObject({
      outcome: 'block',
      minApprovals: 1,
    });
    expect(one([rule(review(2, { currency: { in: ['MYR'] } }))])).toMatchObject({
      outcome: 'allow',
      matches: [],
    });
  });

  it('lets an allow lift block and review of its scope and below, never above', () => {
    const merchantAllow = rule(def('allow'), { scope: 'merchant' });
    const resellerAllow = rule(def('allow'), { scope: 'reseller' });
    const platformAllow = rule(def('allow'), { scope: 'platform' });
    const platformBlock = rule(def('block'), { scope: 'platform' });
    const resellerReview = rule(review(2), { scope: 'reseller' });
    const merchantBlock = rule(def('block'), { scope: 'merchant' });
    // A merchant's allowlist never lifts a platform block.
    expect(one([merchantAllow, platformBlock]).outcome).toBe('block');
    expect(one([merchantAllow, merchantBlock]).outcome).toBe('allow');
    expect(one([resellerAllow, merchantBlock, resellerReview]).outcome).toBe('allow');
    expect(one([resellerAllow, platformBlock]).outcome).toBe('block');
    const lifted = one([platformAllow, platformBlock, resellerReview]);
    expect(lifted.outcome).toBe('allow');
    expect(
      lifted.matches
        .filter((m) => m.exempt)
        .map((m) => m.ruleId)
        .sort(),
    ).toEqual([platformBlock.id, resellerReview.id].sort());
  });

  it('runs a rule only on its owner’s traffic and kinds', () => {
    const merchantBlock = rule(def('block'), { scope: 'merchant' });
    expect(one([merchantBlock], facts({ merchantId: OTHER_MERCHANT_ID })).outcome).toBe('allow');
    const resellerBlock = rule(def('block'), { scope: 'reseller' });
    expect(one([resellerBlock], facts({ resellerId: null })).outcome).toBe('allow');
    expect(one([rule({ ...def('block'), kinds: ['withdrawal'] })]).outcome).toBe('allow');
  });

  it('reports shadow rules and never lets them change the outcome; drafts do not run', () => {
    const shadowBlock = rule(def('block'), { mode: 'shadow' });
    const verdict = one([
      shadowBlock,
      rule(def('block'), { mode: 'draft' }),
      rule(def('block'), { mode: 'disabled' }),
    ]);
    expect(verdict.outcome).toBe('allow');
    expect(verdict.matches).toHaveLength(1);
    expect(verdict.matches[0]).toMatchObject({
      ruleId: shadowBlock.id,
      mode: 'shadow',
      action: 'block',
    });
    // A shadow allow lifts nothing.
    expect(one([rule(def('allow'), { mode: 'shadow' }), rule(def('block'))]).outcome).toBe('block');
  });

  it('gives a rule that throws its onError (default review), marked as an error', () => {
    const velocity = {
      velocity: {
        measure: 'count',
        key: 'email',
        window: { hours: 1 },
        scope: 'merchant',
        op: 'gt',
        value: '3',
      },
    };
    const f = facts({ email: 'a@x.test' });
    const byDefault = one([rule(def('block', velocity))], f, failingHistory);
    expect(byDefault.outcome).toBe('review');
    expect(byDefault.matches[0]).toMatchObject({ action: 'review', error: true });
    expect(
      one([rule(def('block', velocity, { onError: 'allow' }))], f, failingHistory),
    ).toMatchObject({
      outcome: 'allow',
      matches: [{ action: 'allow', error: true }],
    });
    expect(
      one([rule(def('review', velocity, { onError: 'block' }))], f, failingHistory).outcome,
    ).toBe('block');
    // An allow that failed open lifts nothing.
    const failedAllow = rule(def('allow', velocity, { onError: 'allow' }));
    expect(one([failedAllow, rule(def('block'))], f, failingHistory).outcome).toBe('block');
  });

  it('counts earlier items of the batch in velocity and first-seen, as one by one would', () => {
    const threeAnHour = rule(
      def('block', {
        velocity: {
          measure: 'count',
          key: 'email',
          window: { hours: 1 },
          scope: 'merchant',
          op: 'gt',
          value: '2',
        },
      }),
    );
    const newAccount = rule({
      ...DONE_WHEN,
      when: { firstSeen: { key: 'bank_account', since: { hours: 1 } } },
    });
    const batch = [1, 2, 3, 4].map((i) =>
      facts({ email: 'a@x.test', bankAccount: '9', at: new Date(`2026-12-03T05:00:0${i}Z`) }),
    );
    const together = evaluateRules([threeAnHour], batch, memoryHistory(), lookups());
    expect(together.map((v) => v.outcome)).toEqual(['allow', 'allow', 'block', 'block']);
    // One by one, each with the ones before it as history: the same verdicts.
    const alone = batch.map(
      (f, i) =>
        evaluateRules([threeAnHour], [f], memoryHistory(batch.slice(0, i)), lookups())[0]!.outcome,
    );
    expect(alone).toEqual(together.map((v) => v.outcome));
    const seen = evaluateRules([newAccount], batch, memoryHistory(), lookups());
    expect(seen.map((v) => v.matches[0]?.seen['when.firstSeen'])).toEqual([
      null,
      '2026-12-03T05:00:01.000Z',
      '2026-12-03T05:00:01.000Z',
      '2026-12-03T05:00:01.000Z',
    ]);
  });

  it('is deterministic: the same rules, requests and history give the same verdicts in any rule order', () => {
    const rules = [
      rule(review(2)),
      rule(def('allow'), { scope: 'merchant' }),
      rule(def('block', THB_OVER_50K), { scope: 'reseller' }),
      rule(DONE_WHEN, { mode: 'shadow' }),
    ];
    const batch = [
      facts({ bankAccount: '1' }),
      facts({ bankAccount: '1', amount: 100n }),
      facts({ currency: 'MYR' }),
    ];
    const first = evaluateRules(rules, batch, memoryHistory(), lookups());
    expect(evaluateRules([...rules].reverse(), batch, memoryHistory(), lookups())).toEqual(first);
    expect(evaluateRules(rules, batch, memoryHistory(), lookups())).toEqual(first);
    // The merchant's allow lifts neither the reseller's block nor the platform's review.
    expect(first.map((v) => v.outcome)).toEqual(['block', 'review', 'allow']);
  });
});
