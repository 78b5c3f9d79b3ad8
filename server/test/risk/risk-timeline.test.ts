import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDetail, TimelineRisk } from '@bo/contract';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  fundDemoMerchant,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from '../money/support/money-app';
import { makeRiskRule } from '../money/support/risk-checks';

/**
 * Issue 42: each risk decision is shown on its item's timeline, from what intake kept: the
 * outcome, the approvers a hold needs, and each matched rule with the values it saw. A merchant
 * or reseller sees a platform rule only as "held by the platform" (no name, no conditions, no
 * values) and none of its shadow matches; an admin sees everything.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '5000.00');
  await fundDemoMerchant(t, 'timeline-fund');
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** A rule made by `email` (its own; the platform's for an admin) and switched to `mode`. */
const rule = (email: string, name: string, definition: unknown, mode: string) =>
  makeRiskRule(t, email, name, definition, mode);

const payout = async (orderId: string, amount: string) => {
  const made = await t.as<{ id: string; status: string }>(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount,
    orderId,
    bankName: 'Kasikorn',
    accountNumber: `77788${orderId.length}${amount.replace('.', '')}`,
    accountHolder: 'Somchai P.',
  });
  expect(made.status, made.message).toBe(200);
  return made.data;
};

/** The detail's risk steps as `email` sees them (the whole answer too, to look for leaks). */
async function riskSteps(email: string, id: string) {
  const detail = await t.as<MoneyDetail>(email, 'getMoneyDetail', { kind: 'payout', id });
  expect(detail.status, detail.message).toBe(200);
  const steps = detail.data.timeline.filter((s) => s.event === 'risk');
  return { steps, text: JSON.stringify(detail.data) };
}

const PLATFORM_RULE = 'Platform: pay-outs over 50 THB';
const MERCHANT_RULE = 'Own: pay-outs of 70 THB or more to new accounts';
const SHADOW_RULE = 'Platform shadow: block over 10 THB';

describe('the risk step of a pay-out held by a merchant rule and a platform rule', () => {
  let platformId: string;
  let merchantId: string;
  let shadowId: string;
  let heldId: string;
  beforeAll(async () => {
    platformId = await rule(
      ADMIN,
      PLATFORM_RULE,
      {
        kinds: ['payout'],
        action: { type: 'review', approvers: 2 },
        when: { amount: { currency: 'THB', op: 'gt', value: '50' } },
      },
      'active',
    );
    shadowId = await rule(
      ADMIN,
      SHADOW_RULE,
      {
        kinds: ['payout'],
        action: { type: 'block' },
        when: { amount: { currency: 'THB', op: 'gt', value: '10' } },
      },
      'shadow',
    );
    merchantId = await rule(
      MERCHANT,
      MERCHANT_RULE,
      {
        kinds: ['payout'],
        action: { type: 'review', approvers: 1 },
        when: {
          all: [
            { amount: { currency: 'THB', op: 'gte', value: '70' } },
            { firstSeen: { key: 'bank_account', since: 'today' } },
          ],
        },
      },
      'active',
    );
    const held = await payout('timeline-held', '75.00');
    expect(held.status).toBe('held_for_review');
    heldId = held.id;
  });

  it('shows the admin every match, shadow included, with its name, version and values', async () => {
    const { steps } = await riskSteps(ADMIN, heldId);
    expect(steps).toHaveLength(1);
    const risk = steps[0]!.risk!;
    expect(risk).toMatchObject({ outcome: 'review', min_approvals: 2 });
    const byId = (id: string) => risk.matches.find((m) => m.rule?.id === id);
    expect(risk.matches).toHaveLength(3);
    expect(byId(platformId)).toMatchObject({
      owner_scope: 'platform',
      mode: 'active',
      action: 'review',
      exempt: false,
      rule: {
        name: PLATFORM_RULE,
        version: 1,
        error: false,
        seen: { 'when.amount': '75.00' },
      },
    });
    expect(byId(shadowId)).toMatchObject({
      owner_scope: 'platform',
      mode: 'shadow',
      action: 'block',
      rule: { name: SHADOW_RULE, seen: { 'when.amount': '75.00' } },
    });
    expect(byId(merchantId)).toMatchObject({
      owner_scope: 'merchant',
      mode: 'active',
      action: 'review',
      rule: {
        name: MERCHANT_RULE,
        seen: { 'when.all[0].amount': '75.00', 'when.all[1].firstSeen': null },
      },
    });
    expect(JSON.parse(byId(merchantId)!.rule!.definition)).toMatchObject({
      action: { type: 'review', approvers: 1 },
    });
    // Decided at intake, just before the item was made in the state the decision chose.
    const detail = await t.as<MoneyDetail>(ADMIN, 'getMoneyDetail', { kind: 'payout', id: heldId });
    expect(detail.data.timeline.slice(0, 2)).toMatchObject([
      { event: 'risk', actor_kind: 'system' },
      { event: 'created', to_status: 'held_for_review' },
    ]);
  });

  it('shows the merchant its own rule with values, the platform one only as held by the platform', async () => {
    const { steps, text } = await riskSteps(MERCHANT, heldId);
    expect(steps).toHaveLength(1);
    const risk: TimelineRisk = steps[0]!.risk!;
    expect(risk).toMatchObject({ outcome: 'review', min_approvals: 2 });
    expect(risk.matches).toEqual([
      { owner_scope: 'platform', mode: 'active', action: 'review', exempt: false, rule: null },
      expect.objectContaining({
        owner_scope: 'merchant',
        rule: expect.objectContaining({
          id: merchantId,
          name: MERCHANT_RULE,
          seen: { 'when.all[0].amount': '75.00', 'when.all[1].firstSeen': null },
        }),
      }),
    ]);
    for (const hidden of [PLATFORM_RULE, SHADOW_RULE, platformId, shadowId])
      expect(text).not.toContain(hidden);
  });

  it('shows the merchant’s reseller the merchant rule, and the platform one only by its owner', async () => {
    const { steps, text } = await riskSteps(RESELLER, heldId);
    expect(steps[0]!.risk!.matches.map((m) => [m.owner_scope, m.rule?.name ?? null])).toEqual([
      ['platform', null],
      ['merchant', MERCHANT_RULE],
    ]);
    expect(text).not.toContain(PLATFORM_RULE);
    expect(text).not.toContain(SHADOW_RULE);
  });

  it('shows no risk step to a merchant when only a platform shadow rule matched', async () => {
    const small = await payout('timeline-shadow', '20.00');
    expect(small.status).not.toBe('held_for_review');
    expect((await riskSteps(ADMIN, small.id)).steps[0]!.risk).toMatchObject({
      outcome: 'allow',
      matches: [{ mode: 'shadow', rule: { id: shadowId } }],
    });
    expect((await riskSteps(MERCHANT, small.id)).steps).toEqual([]);
  });

  it('shows no risk step for an item no rule matched', async () => {
    const tiny = await payout('timeline-none', '5.00');
    expect((await riskSteps(ADMIN, tiny.id)).steps).toEqual([]);
    expect((await riskSteps(MERCHANT, tiny.id)).steps).toEqual([]);
  });
});
