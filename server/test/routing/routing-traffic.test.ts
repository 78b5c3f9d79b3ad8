import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/core/context';
import { RATE_MS } from '../../src/modules/routing/routing-context';
import { ADMIN, MERCHANT, startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { putProfile, routingWorld, thbPlatform } from './routing-world';

/**
 * Success-rate routing on live traffic (issue 43, "The sandbox must make this testable"): the
 * sandbox pays pay-ins by each gateway's settable success rate (`setSandboxBehaviour`, each
 * gateway set to pay its pay-ins alone, without a payer). SBX-THB-2 fails 80 % of them: success-rate routing
 * moves most traffic off it. It recovers, and once its failures have left the window,
 * exploration finds it paying again and traffic comes back. Time passes by the clock the
 * server reads (`Date` faked alone: timers stay real), not by waiting.
 */
let t: MoneyApp;
let admin: Actor;
const gatewayIds = new Map<string, string>();

const put = (definition: unknown) => putProfile(t, admin, thbPlatform('payin'), definition);

/**
 * SBX-THB-2 first, then success rates over five minutes (10 % exploring, rated from 5 finished
 * pay-ins): without rates SBX-THB-2 would take most pay-ins, so moving off it is the rates' doing.
 */
const SECOND_FIRST_BY_RATE = {
  steps: [
    { rules: [{ when: { currency: { in: ['THB'] } }, gateways: ['SBX-THB-2', 'SBX-THB-1'] }] },
    { successRate: { windowMinutes: 5, explorePercent: 10, minAttempts: 5 } },
  ],
};

async function behave(code: string, successPercent: string) {
  const answer = await t.as<{ sandbox_success_percent: string }>(ADMIN, 'setSandboxBehaviour', {
    id: gatewayIds.get(code)!,
    successPercent,
    latencyMs: '0',
    paysAlone: '1',
    reason: `test: ${code} pays ${successPercent} %`,
  });
  expect(answer.status, answer.message).toBe(200);
  expect(Number(answer.data.sandbox_success_percent)).toBe(Number(successPercent));
}

let order = 0;
/** Opens `count` pay-ins through the merchant API, lets the sandbox finish them, and answers
 * how many went to each gateway. */
async function traffic(count: number): Promise<Map<string, number>> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '150.00',
      currency: 'THB',
      order_id: `traffic-${++order}`,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids.push(r.body.id);
  }
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ code: string; n: number }>(
    `SELECT g.payment_gateway_code AS code, count(*)::int AS n
       FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
      WHERE p.id = ANY($1::uuid[]) GROUP BY 1`,
    [ids],
  );
  return new Map(rows.map((r) => [r.code, r.n]));
}

const share = (counts: Map<string, number>, code: string) =>
  (counts.get(code) ?? 0) / [...counts.values()].reduce((a, b) => a + b, 0);

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin } = await routingWorld(t));
  const { rows } = await t.db.query<{ id: string; code: string }>(
    `SELECT id, payment_gateway_code AS code FROM payment_gateways WHERE currency = 'THB'`,
  );
  for (const r of rows) gatewayIds.set(r.code, r.id);
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.expectCleanLedger();
  await t?.close();
});

describe("a sandbox gateway's behaviour, set by an admin", () => {
  it('is refused for bad input, and audited when set', async () => {
    const bad = await t.as(ADMIN, 'setSandboxBehaviour', {
      id: gatewayIds.get('SBX-THB-1')!,
      successPercent: '101',
      latencyMs: '0',
      reason: 'test: too much',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('successPercent');
    const unclear = await t.as(ADMIN, 'setSandboxBehaviour', {
      id: gatewayIds.get('SBX-THB-1')!,
      successPercent: '50',
      latencyMs: '0',
      refusesHandOvers: 'maybe',
      reason: 'test: unclear',
    });
    expect(unclear.status).toBe(400);
    expect(unclear.message).toContain('refusesHandOvers');
    const merchant = await t.as(MERCHANT, 'setSandboxBehaviour', {
      id: gatewayIds.get('SBX-THB-1')!,
      successPercent: '50',
      latencyMs: '0',
      reason: 'test: not mine',
    });
    expect(merchant.status).toBe(403);
    await behave('SBX-THB-1', '95');
    const { rows } = await t.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM admin_logs
        WHERE action = 'payment_gateway.sandbox_behaviour' AND target_id = $1`,
      [gatewayIds.get('SBX-THB-1')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({
      sandbox_success_percent: '95.0000',
      sandbox_latency_ms: 0,
    });
  });
});

describe('success-rate routing on live traffic', () => {
  it('moves most traffic off a gateway failing 80 % of pay-ins, and brings it back when it recovers', async () => {
    await behave('SBX-THB-2', '20');
    // Both gateways get traffic first, so each has a rate.
    await put({
      steps: [
        {
          split: [
            { gateway: 'SBX-THB-1', percent: 50 },
            { gateway: 'SBX-THB-2', percent: 50 },
          ],
        },
      ],
    });
    const warm = await traffic(40);
    expect(warm.get('SBX-THB-2')).toBeGreaterThanOrEqual(10);
    await put(SECOND_FIRST_BY_RATE);
    // Only exploration (10 %) goes to the failing gateway now.
    expect(share(await traffic(40), 'SBX-THB-1')).toBeGreaterThanOrEqual(0.75);

    // SBX-THB-2 recovers. Three minutes on, its failures are still in the window: traffic stays
    // off it but for exploration, which finds it paying. Six minutes on, its failures have left
    // the window; once exploration has rated it, it is the best again and traffic comes back.
    await behave('SBX-THB-2', '100');
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 3 * 60_000);
    expect(share(await traffic(40), 'SBX-THB-1')).toBeGreaterThanOrEqual(0.75);
    let now = start + 6 * 60_000;
    const shares: number[] = [];
    for (let round = 0; round < 8 && !(shares.at(-1)! >= 0.8); round++) {
      // Each round reads the rates afresh (they are kept RATE_MS per process).
      vi.setSystemTime((now += RATE_MS + 1_000));
      shares.push(share(await traffic(20), 'SBX-THB-2'));
    }
    expect(shares.at(-1), String(shares)).toBeGreaterThanOrEqual(0.8);
    // Since the recovery: exploration's pay-ins are what rated SBX-THB-2 again.
    const { rows } = await t.db.query<{ key: string }>(
      `SELECT r ->> 'key' AS key FROM routing_decisions d, jsonb_array_elements(d.reasons) r
        WHERE d.kind = 'payin' AND d.at > $1`,
      [new Date(start + 3 * 60_000 - 1_000).toISOString()],
    );
    const keys = new Set(rows.map((r) => r.key));
    expect(keys.has('explore'), [...keys].join()).toBe(true);
    expect(keys.has('successRate'), [...keys].join()).toBe(true);
  });
});
