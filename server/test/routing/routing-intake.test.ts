import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDetail } from '@bo/contract';
import type { Actor } from '../../src/core/context';
import { AppError } from '../../src/core/app-error';
import { databaseKeyOf } from '../../src/db/db';
import { metricsRegistry } from '../../src/http/metrics';
import { encodeMultipart } from '../support/test-app';
import { forgetPricing } from '../../src/modules/contracts/pricing-context';
import { announceGatewayChange } from '../../src/modules/gateways/gateways.service';
import { forgetRouting } from '../../src/modules/routing/routing-context';
import { routePoint } from '../../src/modules/routing/routing-decide';
import type { ProfilePlace } from '../../src/modules/routing/routing-profiles.service';
import { putProfile, routingWorld, thbPlatform } from './routing-world';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from '../money/support/money-app';

/**
 * Routing at intake (issue 43) through the merchant API: the profile in force picks each
 * pay-in's gateway, the decision is kept with it, a retry keeps its gateway, an inactive
 * choice falls back, a merchant's profile wins over the platform's, and a profile naming a
 * gateway that cannot take the payments is refused on save.
 */
let t: MoneyApp;
interface Candidate {
  code: string;
  attempts?: number;
  success_rate?: string;
}
let admin: Actor;
let merchantId: string;
const THB_PAYIN = thbPlatform('payin');

const BIG_TO_THB_2 = {
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '50000' } },
          gateways: ['SBX-THB-2'],
        },
      ],
    },
  ],
};

const put = (place: ProfilePlace, definition: unknown, active = true) =>
  putProfile(t, admin, place, definition, active);

let order = 0;
async function openPayin(amount: string, idempotencyKey?: string, orderId = `route-${++order}`) {
  const r = await t.api<{ id: string; status: string }>(
    'POST',
    '/api/v1/payins',
    { amount, currency: 'THB', order_id: orderId },
    idempotencyKey ? { idempotencyKey } : {},
  );
  expect(r.status).toBe(201);
  return r.body.id;
}

async function routed(payinId: string) {
  const { rows } = await t.db.query<{
    code: string;
    decided: string | null;
    by_fallback: boolean | null;
    reasons: { key: string; values: Record<string, string> }[] | null;
    profile_version: number | null;
  }>(
    `SELECT g.payment_gateway_code AS code, d.gateway_id::text AS decided, d.by_fallback, d.reasons, d.profile_version
       FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
       LEFT JOIN routing_decisions d ON d.ref_id = p.id
      WHERE p.id = $1`,
    [payinId],
  );
  return rows[0]!;
}

async function setGatewayStatus(code: string, status: 'activated' | 'inactive') {
  await t.db.query(
    'UPDATE payment_gateways SET status = $2, status_changed_at = now() WHERE payment_gateway_code = $1',
    [code, status],
  );
  announceGatewayChange();
}

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin, merchantId } = await routingWorld(t));
});
afterAll(() => t?.close());

describe('routing at intake', () => {
  it('with no profile, pay-ins go as before and no decision is kept', async () => {
    const id = await openPayin('100.00');
    expect((await routed(id)).decided).toBeNull();
  });

  it('the platform profile routes by its rule, keeps the decision, and a retry keeps the gateway', async () => {
    await put(THB_PAYIN, BIG_TO_THB_2);
    const big = await openPayin('60000.00', 'route-retry-1');
    expect(await routed(big)).toMatchObject({
      code: 'SBX-THB-2',
      by_fallback: false,
      profile_version: 1,
      reasons: [{ key: 'rule', values: { step: '1', rule: '1', gateways: 'SBX-THB-2' } }],
    });
    const again = await t.api<{ id: string }>(
      'POST',
      '/api/v1/payins',
      { amount: '60000.00', currency: 'THB', order_id: `route-${order}` },
      // Signed anew (another second), as a real retry is.
      { idempotencyKey: 'route-retry-1', timestamp: Math.floor(Date.now() / 1000) + 1 },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).toBe(big);
    expect((await routed(big)).code).toBe('SBX-THB-2');
    const small = await openPayin('100.00');
    expect(await routed(small)).toMatchObject({
      code: 'SBX-THB-1',
      reasons: [{ key: 'noRule', values: { step: '1' } }],
    });
  });

  it("the decision shows on the pay-in's timeline to an admin, and not to its merchant", async () => {
    const id = await openPayin('65000.00');
    const admin = await t.as<MoneyDetail>(ADMIN, 'getMoneyDetail', { kind: 'payin', id });
    expect(admin.status, admin.message).toBe(200);
    const step = admin.data.timeline.find((s) => s.event === 'routing');
    expect(step?.routing).toMatchObject({
      gateway: 'SBX-THB-2',
      profile_version: 1,
      by_fallback: false,
      reasons: [{ key: 'rule', values: { rule: '1' } }],
    });
    expect(step?.routing?.candidates.map((c) => [c.code, c.status, c.chosen])).toEqual([
      ['SBX-THB-1', 'active', false],
      ['SBX-THB-2', 'active', true],
    ]);
    const mine = await t.as<MoneyDetail>(MERCHANT, 'getMoneyDetail', { kind: 'payin', id });
    expect(mine.status, mine.message).toBe(200);
    expect(mine.data.timeline.some((s) => s.event === 'routing')).toBe(false);
  });

  it('times each decision a profile made (routing_decide_seconds), and nothing else', async () => {
    const decisions = async () => {
      const metric = metricsRegistry.getSingleMetric('routing_decide_seconds');
      const values = (await metric!.get()).values as { metricName?: string; value: number }[];
      return values.find((v) => v.metricName === 'routing_decide_seconds_count')?.value ?? 0;
    };
    const before = await decisions();
    await openPayin('61000.00');
    expect(await decisions()).toBe(before + 1);
    // A bound gateway wins before routing is asked: no decision, nothing timed.
    await t.db.query(
      `UPDATE contracts SET gateway_id = (SELECT id FROM payment_gateways WHERE payment_gateway_code = 'SBX-THB-1')
        WHERE merchant_account_id = $1 AND currency = 'THB'`,
      [merchantId],
    );
    forgetPricing();
    try {
      await openPayin('62000.00');
    } finally {
      await t.db.query(
        `UPDATE contracts SET gateway_id = NULL WHERE merchant_account_id = $1 AND currency = 'THB'`,
        [merchantId],
      );
      forgetPricing();
    }
    expect(await decisions()).toBe(before + 1);
  });

  it('an inactive choice falls back to an active gateway, and says so', async () => {
    await setGatewayStatus('SBX-THB-2', 'inactive');
    try {
      const id = await openPayin('70000.00');
      expect(await routed(id)).toMatchObject({
        code: 'SBX-THB-1',
        by_fallback: true,
        reasons: [
          { key: 'rule' },
          { key: 'skipped', values: { gateway: 'SBX-THB-2', why: 'inactive' } },
          { key: 'fallback', values: { gateway: 'SBX-THB-1' } },
        ],
      });
    } finally {
      await setGatewayStatus('SBX-THB-2', 'activated');
    }
  });

  it("a merchant's profile wins over the platform's; switched off, the platform's routes again", async () => {
    const mine: ProfilePlace = { ...THB_PAYIN, scope: 'merchant', accountId: merchantId };
    await put(mine, {
      steps: [
        {
          split: [
            { gateway: 'SBX-THB-1', percent: 100 - 1 },
            { gateway: 'SBX-THB-2', percent: 1 },
          ],
        },
      ],
    });
    // A split picks by a hash of the merchant's id (new in every database) and the order id:
    // the order ids are chosen in the 99 % part, so the test does not fail one run in sixteen.
    const inTheBigPart = () => {
      let id = `route-${++order}`;
      while (routePoint(`${merchantId}:${id}`, 'split0') >= 9_900) id = `route-${++order}`;
      return id;
    };
    const codes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      codes.add((await routed(await openPayin('60000.00', undefined, inTheBigPart()))).code);
    }
    expect(codes).toEqual(new Set(['SBX-THB-1']));
    await put(
      mine,
      {
        steps: [
          {
            split: [
              { gateway: 'SBX-THB-1', percent: 99 },
              { gateway: 'SBX-THB-2', percent: 1 },
            ],
          },
        ],
      },
      false,
    );
    expect((await routed(await openPayin('60000.00'))).code).toBe('SBX-THB-2');
  });

  it("when routing's data cannot be read, a pay-in still goes, to the spread's gateway, and its decision says so", async () => {
    // The platform profile put above is in force (big pay-ins to SBX-THB-2).
    await t.db.query(
      'ALTER TABLE routing_profile_versions RENAME TO routing_profile_versions_away',
    );
    forgetRouting();
    let id: string;
    try {
      id = await openPayin('60000.00');
    } finally {
      await t.db.query(
        'ALTER TABLE routing_profile_versions_away RENAME TO routing_profile_versions',
      );
      forgetRouting();
    }
    const decision = await routed(id);
    expect(decision).toMatchObject({
      by_fallback: true,
      profile_version: null,
      reasons: [{ key: 'unavailable', values: { why: 'read' } }],
    });
    const detail = await t.as<MoneyDetail>(ADMIN, 'getMoneyDetail', { kind: 'payin', id });
    expect(detail.data.timeline.find((s) => s.event === 'routing')?.routing).toMatchObject({
      gateway: decision.code,
      profile_version: null,
      candidates: [],
    });
    // Read again, the profile routes as before.
    expect((await routed(await openPayin('60000.00'))).code).toBe('SBX-THB-2');
  });

  it('a profile whose definition no longer reads routes nothing: its payments go, and say why', async () => {
    const { rows } = await t.db.query<{ definition: unknown }>(
      `SELECT v.definition FROM routing_profile_versions v
         JOIN routing_profiles p ON p.id = v.profile_id AND v.version = p.current_version
        WHERE p.scope = 'platform' AND p.direction = 'payin' AND p.currency = 'THB'`,
    );
    const setDefinition = async (definition: unknown) => {
      await t.db.query(
        `UPDATE routing_profile_versions v SET definition = $1::jsonb
           FROM routing_profiles p
          WHERE p.id = v.profile_id AND v.version = p.current_version
            AND p.scope = 'platform' AND p.direction = 'payin' AND p.currency = 'THB'`,
        [JSON.stringify(definition)],
      );
      forgetRouting();
    };
    await setDefinition({ steps: [{ rules: 'not a list' }] });
    try {
      const id = await openPayin('60000.00');
      expect(await routed(id)).toMatchObject({
        by_fallback: true,
        reasons: [{ key: 'unavailable', values: { why: 'definition' } }],
      });
      expect((await routed(id)).profile_version).toBeGreaterThan(0);
    } finally {
      await setDefinition(rows[0]!.definition);
    }
  });

  it('the pay-in list filters the ones routed by fallback, for admins only', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT ref_id::text AS id FROM routing_decisions WHERE kind = 'payin' AND by_fallback`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const listed = await t.as<{ rows: { id: string }[]; total: number }>(ADMIN, 'getPayinList', {
      routedBy: 'fallback',
      pageSize: '100',
    });
    expect(listed.status, listed.message).toBe(200);
    expect(listed.data.rows.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(listed.data.total).toBe(rows.length);
    // The export writes exactly those rows, and the totals count them.
    const { body, contentType } = await encodeMultipart({
      ...(await t.signIn(ADMIN)),
      call: 'getPayinList',
      format: 'csv',
      routedBy: 'fallback',
    });
    const exported = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0]!.replace(/"/g, ''))
        .sort(),
    ).toEqual(rows.map((r) => r.id).sort());
    const totals = await t.as<{ totals: { count: number }[] }>(ADMIN, 'getListTotals', {
      call: 'getPayinList',
      routedBy: 'fallback',
    });
    expect(totals.status, totals.message).toBe(200);
    expect(totals.data.totals.reduce((n, c) => n + c.count, 0)).toBe(rows.length);
    const mine = await t.as(MERCHANT, 'getPayinList', { routedBy: 'fallback' });
    expect(mine.status).toBe(403);
    expect(mine.message).toContain('routedBy');
  });

  it("a pay-out's success-rate step reads the pay-outs its gateways finished, not the rejected", async () => {
    await topUpDemoMerchant(t, '1000.00');
    const THB_PAYOUT: ProfilePlace = { ...THB_PAYIN, direction: 'payout' };
    const byRate = (windowMinutes: number) => ({
      steps: [{ successRate: { windowMinutes, explorePercent: 0, minAttempts: 1 } }],
    });
    await put(THB_PAYOUT, byRate(60));
    let n = 0;
    const payout = async (amount: string) => {
      const made = await t.as<{ id: string }>(MERCHANT, 'createPayout', {
        currency: 'THB',
        amount,
        orderId: `route-po-${++n}`,
        bankName: 'Kasikorn',
        accountNumber: '5555-000-111',
        accountHolder: 'Somchai P.',
      });
      expect(made.status, made.message).toBe(200);
      return made.data.id;
    };
    // The sandbox pays a pay-out ending in .03 and fails one ending in .01.
    for (const amount of ['10.03', '10.01', '10.03']) {
      const id = await payout(amount);
      for (const admin of [ADMIN, ADMIN2]) {
        const approved = await t.as(admin, 'approvePayout', { id });
        expect(approved.status, approved.message).toBe(200);
      }
    }
    const rejected = await t.as(ADMIN, 'rejectPayout', {
      id: await payout('10.03'),
      reasonCode: 'other',
      note: 'not counted',
    });
    expect(rejected.status, rejected.message).toBe(200);
    await t.sandbox.idle();
    const { rows: finished } = await t.db.query<{ code: string; n: number; ok: number }>(
      `SELECT g.payment_gateway_code AS code, count(*)::int AS n,
              count(*) FILTER (WHERE p.status = 'success')::int AS ok
         FROM payouts p JOIN payment_gateways g ON g.id = p.gateway_id
        WHERE p.currency = 'THB' AND p.status IN ('success', 'failed')
          AND p.created_at >= now() - interval '61 minutes'
        GROUP BY g.payment_gateway_code ORDER BY 1`,
    );
    expect(finished.reduce((sum, r) => sum + r.n, 0)).toBe(3);
    // Another window: read afresh, not the rates kept from the first pay-outs' batch.
    await put(THB_PAYOUT, byRate(61));
    const id = await payout('10.05');
    const { rows } = await t.db.query<{ reasons: { key: string }[]; candidates: Candidate[] }>(
      'SELECT reasons, candidates FROM routing_decisions WHERE ref_id = $1',
      [id],
    );
    expect(rows[0]!.reasons[0]!.key).toBe('successRate');
    const rated = rows[0]!.candidates
      .filter((c) => c.attempts !== undefined)
      .map((c) => [c.code, c.attempts, c.success_rate]);
    expect(rated).toEqual(finished.map((r) => [r.code, r.n, ((r.ok * 100) / r.n).toFixed(1)]));
    await put(THB_PAYOUT, byRate(61), false);
  });

  it('a profile naming a gateway that cannot take its payments is refused, naming the part', async () => {
    const refusal = async (definition: unknown) => {
      const error = await put(THB_PAYIN, definition).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).message;
    };
    const named = (code: string) => ({
      steps: [{ rules: [{ when: { currency: { in: ['THB'] } }, gateways: [code] }] }],
    });
    expect(await refusal(named('SBX-MYR-1'))).toContain('steps[0].rules[0].gateways[0]');
    expect(await refusal(named('SBX-MYR-1'))).toContain('is a MYR gateway, not THB');
    expect(await refusal(named('NOPE-1'))).toContain('names no gateway');
    await setGatewayStatus('SBX-THB-2', 'inactive');
    try {
      expect(await refusal(named('SBX-THB-2'))).toContain('SBX-THB-2 is inactive');
    } finally {
      await setGatewayStatus('SBX-THB-2', 'activated');
    }
    expect(await refusal(BIG_TO_THB_2)).toContain('already in force');
    const versions = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM routing_profile_versions v
         JOIN routing_profiles p ON p.id = v.profile_id WHERE p.direction = 'payin'`,
    );
    expect(versions.rows[0]!.n).toBe(3);
  });

  it('through the calls, a profile waits for a second admin, then routes', async () => {
    const payoutPlace = 'payin:MYR:platform';
    const definition = JSON.stringify({
      steps: [{ rules: [{ when: { currency: { in: ['MYR'] } }, gateways: ['SBX-MYR-1'] }] }],
    });
    const bad = await t.as(ADMIN, 'setRoutingProfile', {
      direction: 'payin',
      currency: 'MYR',
      scope: 'platform',
      definition: definition.replace('SBX-MYR-1', 'SBX-MYR-2'),
      reason: 'Test',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('SBX-MYR-2 is inactive');
    // Every problem at once: the envelope names the first (`field`) and lists all (`fields`).
    const twice = await t.as<{
      field: { field: string };
      fields: { field: string; rule: string }[];
    }>(ADMIN, 'setRoutingProfile', {
      direction: 'payin',
      currency: 'MYR',
      scope: 'platform',
      definition: JSON.stringify({
        steps: [
          { rules: [{ when: { currency: { in: ['MYR'] } }, gateways: ['SBX-MYR-2'] }] },
          {
            split: [
              { gateway: 'SBX-MYR-1', percent: 50 },
              { gateway: 'NOPE-1', percent: 50 },
            ],
          },
        ],
      }),
      reason: 'Test',
    });
    expect(twice.status).toBe(400);
    expect(twice.data.field.field).toBe('steps[0].rules[0].gateways[0]');
    expect(twice.data.fields.map((f) => `${f.field} ${f.rule}`)).toEqual([
      'steps[0].rules[0].gateways[0] SBX-MYR-2 is inactive',
      'steps[1].split[1].gateway names no gateway (NOPE-1)',
    ]);
    const simulated = await t.as<{ fields: unknown[] }>(ADMIN, 'simulateRoutingProfile', {
      direction: 'payin',
      currency: 'MYR',
      scope: 'platform',
      definition: JSON.stringify({
        steps: [
          {
            split: [
              { gateway: 'NOPE-1', percent: 50 },
              { gateway: 'NOPE-2', percent: 50 },
            ],
          },
        ],
      }),
    });
    expect(simulated.status).toBe(400);
    expect(simulated.data.fields).toHaveLength(2);
    const asked = await t.as<{ pending_changes: { id: string; target: string }[] }>(
      ADMIN,
      'setRoutingProfile',
      { direction: 'payin', currency: 'MYR', scope: 'platform', definition, reason: 'Test' },
    );
    expect(asked.status, asked.message).toBe(200);
    const change = asked.data.pending_changes.find((c) => c.target === payoutPlace)!;
    expect(change).toBeDefined();
    const before = await t.as<{ rows: { currency: string }[] }>(ADMIN, 'getRoutingProfiles');
    expect(before.data.rows.some((r) => r.currency === 'MYR')).toBe(false);
    // The one who asked cannot approve it.
    expect((await t.as(ADMIN, 'approveSettingChange', { id: change.id })).status).toBe(403);
    const approved = await t.as(ADMIN2, 'approveSettingChange', { id: change.id });
    expect(approved.status, approved.message).toBe(200);
    const after = await t.as<{ rows: { currency: string; version: number; definition: string }[] }>(
      ADMIN,
      'getRoutingProfiles',
    );
    expect(after.data.rows.find((r) => r.currency === 'MYR')).toMatchObject({ version: 1 });
    const again = await t.as(ADMIN, 'setRoutingProfile', {
      direction: 'payin',
      currency: 'MYR',
      scope: 'platform',
      definition,
      reason: 'Test',
    });
    expect(again.status).toBe(409);
    expect((await t.as(MERCHANT, 'getRoutingProfiles')).status).toBe(403);
  });

  it("a transaction keys a per-database cache as its database does (routing's is kept across batches)", async () => {
    const key = databaseKeyOf(t.db);
    await t.db.transaction(async (tx) => {
      expect(tx).not.toBe(t.db);
      expect(databaseKeyOf(tx)).toBe(key);
    });
  });

  it('books stay clean', async () => {
    await t.expectCleanLedger();
  });
});
