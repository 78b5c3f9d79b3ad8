import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutingLiveGateway, RoutingLiveProfile } from '@bo/contract';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';
import { putProfile, routingWorld, thbPlatform } from './routing-world';

/*
 * The monitoring page's live routing view (issue 43, "Live view"): each gateway's share of the
 * last hour's pay-ins, their success rate, and the profile version that routed them, read
 * from the same rows routing reads; administrators only.
 */
let t: MoneyApp;
interface Live {
  window_minutes: number;
  gateways: RoutingLiveGateway[];
  profiles: RoutingLiveProfile[];
}

beforeAll(async () => {
  t = await startMoneyApp();
  const { admin } = await routingWorld(t);
  await putProfile(t, admin, thbPlatform('payin'), {
    steps: [
      {
        split: [
          { gateway: 'SBX-THB-1', percent: 70 },
          { gateway: 'SBX-THB-2', percent: 30 },
        ],
      },
    ],
  });
  // The sandbox pays an amount ending in .03 and fails one ending in .01.
  for (let i = 0; i < 20; i++) {
    const r = await t.api('POST', '/api/v1/payins', {
      amount: i % 4 === 0 ? '100.01' : '100.03',
      currency: 'THB',
      order_id: `live-${i}`,
    });
    expect(r.status).toBe(201);
  }
  await t.sandbox.idle();
});
afterAll(() => t?.close());

describe('getRoutingLive', () => {
  it('gives each gateway its share, success rate and deposit, and the profile that routed', async () => {
    const live = await t.as<Live>(ADMIN, 'getRoutingLive', { currency: 'THB' });
    expect(live.status, live.message).toBe(200);
    expect(live.data.window_minutes).toBe(60);
    expect(new Set(live.data.gateways.map((g) => g.currency))).toEqual(new Set(['THB']));
    const { rows } = await t.db.query<{ code: string; n: number; ok: number; done: number }>(
      `SELECT g.payment_gateway_code AS code, count(*)::int AS n,
              count(*) FILTER (WHERE p.status = 'success')::int AS ok,
              count(*) FILTER (WHERE p.status IN ('success', 'failed', 'expired'))::int AS done
         FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
        WHERE g.currency = 'THB' AND p.created_at >= now() - interval '1 hour'
        GROUP BY 1 ORDER BY 1`,
    );
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBe(20);
    for (const r of rows) {
      const g = live.data.gateways.find((x) => x.payment_gateway_code === r.code)!;
      expect(g.payins).toBe(r.n);
      expect(Number(g.payin_share)).toBeCloseTo((r.n * 100) / total, 2);
      expect(Number(g.payin_success_rate)).toBeCloseTo((r.ok * 100) / r.done, 2);
    }
    expect(live.data.profiles).toEqual([
      {
        direction: 'payin',
        currency: 'THB',
        scope: 'platform',
        account_code: '',
        version: 1,
        decisions: 20,
        by_fallback: 0,
      },
    ]);
  });

  it('is the administrators’ only', async () => {
    for (const who of [MERCHANT, RESELLER])
      expect((await t.as(who, 'getRoutingLive', {})).status).toBe(403);
  });
});
