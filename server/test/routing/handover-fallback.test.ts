import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/core/context';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { behaveAt, countedTwice, putProfile, routingWorld, thbPlatform } from './routing-world';

/*
 * The fallback at hand-over (issue 43; docs/routing.md, "Fallback at hand-over"): a pay-in a
 * profile sent to a gateway that refuses to start it goes to the next gateway routing picks
 * without it, re-priced, its rollups moved and its decision saying why. The sandbox refuses
 * every hand-over at the gateways a test takes down (`setSandboxBehaviour`), as a gateway that
 * is down answers.
 */
let t: MoneyApp;
let admin: Actor;
const THB_1_FIRST = {
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '0.01' } },
          gateways: ['SBX-THB-1', 'SBX-THB-2'],
        },
      ],
    },
  ],
};

/**
 * Takes the sandbox gateways `down` out (they refuse every hand-over, as a gateway that is down
 * answers) and the others in; answers a spy that watches the starts asked, changing nothing.
 */
async function outage(down: readonly string[]) {
  const all = ['SBX-THB-1', 'SBX-THB-2'];
  await behaveAt(t, down, { down: true });
  await behaveAt(
    t,
    all.filter((code) => !down.includes(code)),
  );
  return vi.spyOn(t.sandbox, 'startPayin');
}

let order = 0;
async function apiPayin(amount: string) {
  const r = await t.api<{ id: string; status: string }>('POST', '/api/v1/payins', {
    amount,
    currency: 'THB',
    order_id: `handover-${++order}`,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function payinRow(id: string) {
  const { rows } = await t.db.query<{
    status: string;
    code: string;
    gateway_cost: bigint;
    fee: bigint;
    split_sum: bigint;
    expected_cost: bigint;
    by_fallback: boolean | null;
    reasons: { key: string; values: Record<string, string> }[] | null;
    decided: string | null;
  }>(
    `SELECT p.status, g.payment_gateway_code AS code, p.gateway_cost, p.fee,
            p.gateway_cost + p.reseller_commission + p.platform_profit AS split_sum,
            (p.amount * g.payin_cost_ppm / 1000000 + g.payin_cost_fixed)::bigint AS expected_cost,
            d.by_fallback, d.reasons, dg.payment_gateway_code AS decided
       FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
       LEFT JOIN routing_decisions d ON d.ref_id = p.id
       LEFT JOIN payment_gateways dg ON dg.id = d.gateway_id
      WHERE p.id = $1`,
    [id],
  );
  return rows[0]!;
}

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin } = await routingWorld(t));
  await putProfile(t, admin, thbPlatform('payin'), THB_1_FIRST);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t?.close());

describe('the fallback at hand-over', () => {
  it('a pay-in its gateway refuses goes to the next one, re-priced, its rollups moved', async () => {
    const spy = await outage(['SBX-THB-1']);
    const made = await apiPayin('100.00');
    expect(made.status).toBe('processing');
    expect(spy.mock.calls.map(([req]) => req.gatewayCode)).toEqual(['SBX-THB-1', 'SBX-THB-2']);
    const row = await payinRow(made.id);
    expect(row).toMatchObject({ status: 'processing', code: 'SBX-THB-2', decided: 'SBX-THB-2' });
    expect(row.by_fallback).toBe(true);
    expect(row.reasons![0]).toEqual({
      key: 'skipped',
      values: { gateway: 'SBX-THB-1', why: 'refused' },
    });
    // Said once, as refused: not also "inactive", which routing was told to take it for.
    expect(row.reasons!.filter((r) => r.values.gateway === 'SBX-THB-1')).toHaveLength(1);
    // Its cost is its new gateway's, and the fee split still adds up to the fee.
    expect(row.gateway_cost).toBe(row.expected_cost);
    expect(row.split_sum).toBe(row.fee);
    const counted = await countedTwice(t, 'payin');
    expect(counted.rollups).toEqual(counted.rows);
  });

  it('when every gateway the profile names refuses, the pay-in fails where the last one did', async () => {
    const spy = await outage(['SBX-THB-1', 'SBX-THB-2']);
    const made = await apiPayin('101.00');
    expect(made.status).toBe('failed');
    expect(spy).toHaveBeenCalledTimes(2);
    const row = await payinRow(made.id);
    expect(row).toMatchObject({ status: 'failed', code: 'SBX-THB-2', decided: 'SBX-THB-2' });
    const counted = await countedTwice(t, 'payin');
    expect(counted.rollups).toEqual(counted.rows);
  });

  it('a pay-in no profile routed has no fallback: refused, it fails', async () => {
    await putProfile(t, admin, thbPlatform('payin'), THB_1_FIRST, false);
    try {
      const spy = await outage(['SBX-THB-1', 'SBX-THB-2']);
      const made = await apiPayin('102.00');
      expect(made.status).toBe('failed');
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await payinRow(made.id)).decided).toBeNull();
    } finally {
      await putProfile(t, admin, thbPlatform('payin'), THB_1_FIRST);
    }
  });

  it('books stay clean', async () => {
    await t.expectCleanLedger();
  });
});
