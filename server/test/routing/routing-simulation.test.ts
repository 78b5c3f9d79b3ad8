import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeOf, formatAmount, type RoutingSimulation } from '@bo/contract';
import {
  ADMIN,
  MERCHANT,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from '../money/support/money-app';
import type { Actor } from '../../src/core/context';
import { apiPayout, putProfile, routingWorld, thbPlatform } from './routing-world';

/*
 * A pay-in profile replayed over past pay-ins before it is switched on (issue 43,
 * "Simulation"): the pay-ins of the period go through intake's own decision; the result sets
 * what happened (counts, shares, success, the gateway cost charged) beside what the profile
 * would have done (counts, shares, the cost at the chosen gateway's rates, the success its
 * observed hours give). Nothing is saved.
 */
let t: MoneyApp;
let admin: Actor;
let merchantId: string;

/** Every pay-in to SBX-THB-1 (a rule that always holds). */
const ALL_TO_THB_1 = JSON.stringify({
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '0.01' } },
          gateways: ['SBX-THB-1'],
        },
      ],
    },
  ],
});

const simulate = (fields: Record<string, string>) =>
  t.as<RoutingSimulation>(ADMIN, 'simulateRoutingProfile', {
    direction: 'payin',
    currency: 'THB',
    scope: 'platform',
    definition: ALL_TO_THB_1,
    days: '30',
    ...fields,
  });

/**
 * Each THB gateway's pay-ins or pay-outs (through a gateway: none in-house): how many, how many
 * succeeded, how many it finished (`finished`), and the cost charged.
 */
async function perGateway(table: 'payins' | 'payouts', finished: readonly string[]) {
  const throughGateway = table === 'payouts' ? 'AND NOT p.is_in_house' : '';
  const { rows } = await t.db.query<{
    code: string;
    n: number;
    ok: number;
    done: number;
    cost: bigint;
  }>(
    `SELECT g.payment_gateway_code AS code, count(p.id)::int AS n,
            count(p.id) FILTER (WHERE p.status = 'success')::int AS ok,
            count(p.id) FILTER (WHERE p.status = ANY($1::text[]))::int AS done,
            coalesce(sum(p.gateway_cost), 0)::bigint AS cost
       FROM payment_gateways g
       LEFT JOIN ${table} p ON p.gateway_id = g.id ${throughGateway}
      WHERE g.currency = 'THB' GROUP BY 1 ORDER BY 1`,
    [finished],
  );
  return rows;
}

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin, merchantId } = await routingWorld(t));
  // History with no profile: the spread shares the pay-ins between both THB gateways; the
  // sandbox pays an amount ending in .03 and fails one ending in .01.
  for (let i = 0; i < 24; i++) {
    const r = await t.api('POST', '/api/v1/payins', {
      amount: i % 3 === 0 ? '200.01' : '150.03',
      currency: 'THB',
      order_id: `sim-${i}`,
    });
    expect(r.status).toBe(201);
  }
  await t.sandbox.idle();
});
afterAll(() => t?.close());

describe('simulateRoutingProfile', () => {
  it('replays the period: what happened beside what the profile would have done', async () => {
    const before = await t.count('routing_decisions');
    const r = await simulate({});
    expect(r.status, r.message).toBe(200);
    const rows = await perGateway('payins', ['success', 'failed', 'expired']);
    const sim = r.data;
    expect(sim.payments).toBe(24);
    const elsewhere = rows.find((x) => x.code === 'SBX-THB-2')!.n;
    expect(elsewhere).toBeGreaterThan(0);
    expect(sim.moved).toBe(elsewhere);
    const { rows: costs } = await t.db.query<{ ppm: number; fixed: bigint }>(
      `SELECT payin_cost_ppm AS ppm, payin_cost_fixed AS fixed FROM payment_gateways
        WHERE payment_gateway_code = 'SBX-THB-1'`,
    );
    const { rows: amounts } = await t.db.query<{ amount: bigint }>(
      `SELECT amount FROM payins WHERE currency = 'THB'`,
    );
    const simulatedCost = amounts.reduce(
      (sum, p) => sum + chargeOf(p.amount, { percentPpm: costs[0]!.ppm, fixed: costs[0]!.fixed }),
      0n,
    );
    for (const row of rows) {
      const g = sim.gateways.find((x) => x.payment_gateway_code === row.code)!;
      expect(g.actual_payments).toBe(row.n);
      expect(g.actual_cost).toBe(formatAmount(row.cost, 'THB'));
      expect(Number(g.actual_success_rate)).toBeCloseTo((row.ok * 100) / row.done, 2);
      const toThb1 = row.code === 'SBX-THB-1';
      expect(g.simulated_payments).toBe(toThb1 ? 24 : 0);
      expect(g.simulated_share).toBe(toThb1 ? '100.00' : '0.00');
      expect(g.simulated_cost).toBe(formatAmount(toThb1 ? simulatedCost : 0n, 'THB'));
    }
    // SBX-THB-1's observed success in the pay-ins' hour is what the profile expects.
    const thb1 = rows.find((x) => x.code === 'SBX-THB-1')!;
    expect(Number(sim.expected_success_rate)).toBeCloseTo((thb1.ok * 100) / thb1.done, 2);
    expect(await t.count('routing_decisions')).toBe(before);
  });

  it('leaves out the pay-ins a merchant’s own profile or a bound contract routes', async () => {
    const own = await simulate({ scope: 'merchant', accountCode: 'MER00001' });
    expect(own.status, own.message).toBe(200);
    expect(own.data.payments).toBe(24);
    expect((await simulate({ scope: 'merchant', accountCode: 'MER00002' })).data.payments).toBe(0);
    // MER00001's own profile routes its pay-ins: the platform's would not have.
    const mine = { ...thbPlatform('payin'), scope: 'merchant' as const, accountId: merchantId };
    await putProfile(t, admin, mine, JSON.parse(ALL_TO_THB_1));
    expect((await simulate({})).data.payments).toBe(0);
    expect((await simulate({ scope: 'merchant', accountCode: 'MER00001' })).data.payments).toBe(24);
    await putProfile(t, admin, mine, JSON.parse(ALL_TO_THB_1), false);
    expect((await simulate({})).data.payments).toBe(24);
    await t.db.query(
      `UPDATE contracts SET gateway_id = (SELECT id FROM payment_gateways WHERE payment_gateway_code = 'SBX-THB-2')
        WHERE currency = 'THB' AND merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = 'MER00001')`,
    );
    try {
      expect((await simulate({})).data.payments).toBe(0);
    } finally {
      await t.db.query(
        `UPDATE contracts SET gateway_id = NULL
          WHERE currency = 'THB' AND merchant_account_id = (SELECT id FROM accounts WHERE account_db_code = 'MER00001')`,
      );
    }
  });

  it('checks the definition and the period as on save, and is the administrators’ only', async () => {
    const wrong = await simulate({
      definition: JSON.stringify({ steps: [{ rules: [{ when: {}, gateways: ['SBX-MYR-1'] }] }] }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('steps[0].rules[0]');
    expect((await simulate({ days: '31' })).status).toBe(400);
    expect((await t.as(MERCHANT, 'simulateRoutingProfile', {})).status).toBe(403);
  });

  it('replays a pay-out profile over past pay-outs, counted and priced as pay-outs', async () => {
    // Pay-outs with no profile, spread over both gateways; .03 succeeds, .01 fails.
    await topUpDemoMerchant(t, '5000.00');
    for (let i = 0; i < 12; i++)
      await apiPayout(t, i % 3 === 0 ? '100.01' : '90.03', `sim-po-${i}`);
    await t.sandbox.idle();
    const before = await t.count('routing_decisions');
    const r = await simulate({ direction: 'payout' });
    expect(r.status, r.message).toBe(200);
    const rows = await perGateway('payouts', ['success', 'failed']);
    expect(r.data.payments).toBe(12);
    expect(r.data.moved).toBe(rows.find((x) => x.code === 'SBX-THB-2')!.n);
    const { rows: costs } = await t.db.query<{ ppm: number; fixed: bigint }>(
      `SELECT payout_cost_ppm AS ppm, payout_cost_fixed AS fixed FROM payment_gateways
        WHERE payment_gateway_code = 'SBX-THB-1'`,
    );
    const { rows: amounts } = await t.db.query<{ amount: bigint }>(
      `SELECT amount FROM payouts WHERE currency = 'THB' AND NOT is_in_house`,
    );
    const simulatedCost = amounts.reduce(
      (sum, p) => sum + chargeOf(p.amount, { percentPpm: costs[0]!.ppm, fixed: costs[0]!.fixed }),
      0n,
    );
    for (const row of rows) {
      const g = r.data.gateways.find((x) => x.payment_gateway_code === row.code)!;
      expect(g.actual_payments).toBe(row.n);
      expect(g.actual_cost).toBe(formatAmount(row.cost, 'THB'));
      if (row.done) expect(Number(g.actual_success_rate)).toBeCloseTo((row.ok * 100) / row.done, 2);
      const toThb1 = row.code === 'SBX-THB-1';
      expect(g.simulated_payments).toBe(toThb1 ? 12 : 0);
      expect(g.simulated_cost).toBe(formatAmount(toThb1 ? simulatedCost : 0n, 'THB'));
    }
    // The pay-in profile's replay still sees pay-ins only.
    expect((await simulate({})).data.payments).toBe(24);
    expect(await t.count('routing_decisions')).toBe(before);
  });
});
