import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/core/context';
import type { StartRequest } from '../../src/connectors/connector';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { putProfile, routingWorld, thbPlatform } from './routing-world';

/*
 * The fallback at hand-over (issue 43; docs/routing.md, "Fallback at hand-over"): a pay-in a
 * profile sent to a gateway that refuses to start it goes to the next gateway routing picks
 * without it, re-priced, its rollups moved and its decision saying why. The sandbox never
 * refuses a pay-in by itself, so its start is made to refuse for the gateways a test names:
 * what a gateway that is down answers.
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

/** Makes the sandbox refuse to start pay-ins at the gateways named (or the first one asked). */
function refuseAt(codes: readonly string[] | 'first') {
  const start = t.sandbox.startPayin.bind(t.sandbox);
  let asked = 0;
  return vi.spyOn(t.sandbox, 'startPayin').mockImplementation((req: StartRequest) => {
    asked += 1;
    const refuses = codes === 'first' ? asked === 1 : codes.includes(req.gatewayCode);
    return refuses ? Promise.reject(new Error('gateway down')) : start(req);
  });
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

/** Pay-ins per gateway and status, as their rows say and as the report rollups count them. */
async function countedTwice() {
  const rows = await t.db.query<{ k: string; n: bigint; cost: bigint }>(
    `SELECT g.payment_gateway_code || ':' || p.status AS k, count(*)::bigint AS n,
            sum(p.gateway_cost)::bigint AS cost
       FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
      WHERE p.currency = 'THB' GROUP BY 1 ORDER BY 1`,
  );
  const rollups = await t.db.query<{ k: string; n: bigint; cost: bigint }>(
    `SELECT gateway_code || ':' || status AS k, sum(count)::bigint AS n, sum(gateway_cost)::bigint AS cost
       FROM report_halfhours WHERE kind = 'payin' AND currency = 'THB'
      GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 1`,
  );
  return { rows: rows.rows, rollups: rollups.rows };
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
    const spy = refuseAt(['SBX-THB-1']);
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
    // Its cost is its new gateway's, and the fee split still adds up to the fee.
    expect(row.gateway_cost).toBe(row.expected_cost);
    expect(row.split_sum).toBe(row.fee);
    const counted = await countedTwice();
    expect(counted.rollups).toEqual(counted.rows);
  });

  it('when every gateway the profile names refuses, the pay-in fails where the last one did', async () => {
    const spy = refuseAt(['SBX-THB-1', 'SBX-THB-2']);
    const made = await apiPayin('101.00');
    expect(made.status).toBe('failed');
    expect(spy).toHaveBeenCalledTimes(2);
    const row = await payinRow(made.id);
    expect(row).toMatchObject({ status: 'failed', code: 'SBX-THB-2', decided: 'SBX-THB-2' });
    const counted = await countedTwice();
    expect(counted.rollups).toEqual(counted.rows);
  });

  it('a pay-in no profile routed has no fallback: refused, it fails', async () => {
    await putProfile(t, admin, thbPlatform('payin'), THB_1_FIRST, false);
    try {
      const spy = refuseAt('first');
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
