import { describe, expect, it } from 'vitest';
import { readRoutingProfile } from '@bo/contract';
import {
  decideRoute,
  type GatewayRate,
  type RouteGateway,
} from '../../src/modules/routing/routing-decide';
import { facts, lookups } from '../risk/risk-memory';

const gateways: RouteGateway[] = [
  { id: 'g-a', code: 'PG-A', active: true },
  { id: 'g-b', code: 'PG-B', active: true },
  { id: 'g-c', code: 'PG-C', active: true },
];

function profileOf(definition: unknown) {
  const read = readRoutingProfile(definition);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return { id: 'p-1', version: 3, definition: read.definition };
}

const route = (
  definition: unknown,
  options: {
    key?: string;
    gateways?: RouteGateway[];
    rates?: Record<string, GatewayRate>;
    amount?: bigint;
    covers?: (gatewayId: string) => boolean;
    refused?: ReadonlySet<string>;
  } = {},
) =>
  decideRoute(
    facts({ kind: 'payin', amount: options.amount ?? 6_000_000n }),
    options.key ?? 'm:o-1',
    {
      profile: profileOf(definition),
      gateways: options.gateways ?? gateways,
      lookups: lookups(),
      rateOf: (id) => options.rates?.[id],
      ...(options.covers && { covers: options.covers }),
      ...(options.refused && { refused: options.refused }),
    },
  );

const codeOf = (d: ReturnType<typeof route>) => gateways.find((g) => g.id === d.gatewayId)?.code;

const BIG_TO_C = {
  rules: [
    { when: { amount: { currency: 'THB', op: 'gte', value: '50000' } }, gateways: ['PG-C'] },
    { when: { currency: { in: ['THB'] } }, gateways: ['PG-B', 'PG-A'] },
  ],
};

describe('decideRoute', () => {
  it('a rule that holds keeps its gateways; the first that holds wins; the reasons say which', () => {
    const big = route({ steps: [BIG_TO_C] });
    expect(codeOf(big)).toBe('PG-C');
    expect(big.reasons).toEqual([
      { key: 'rule', values: { step: '1', rule: '1', gateways: 'PG-C' } },
    ]);
    expect(big).toMatchObject({ profileId: 'p-1', profileVersion: 3, byFallback: false });
    const small = route({ steps: [BIG_TO_C] }, { amount: 1_000_000n });
    expect(codeOf(small)).toBe('PG-B');
    expect(small.candidates.find((c) => c.chosen)?.code).toBe('PG-B');
  });

  it('no rule holding leaves every gateway, and says so', () => {
    const d = route({
      steps: [
        {
          rules: [
            {
              when: { amount: { currency: 'THB', op: 'gt', value: '900000' } },
              gateways: ['PG-C'],
            },
          ],
        },
      ],
    });
    expect(codeOf(d)).toBe('PG-A');
    expect(d.reasons).toEqual([{ key: 'noRule', values: { step: '1' } }]);
  });

  it('an inactive first choice falls back to the next, and is named', () => {
    const down = gateways.map((g) => (g.code === 'PG-C' ? { ...g, active: false } : g));
    const d = route({ steps: [BIG_TO_C] }, { gateways: down });
    // The rule named only PG-C: the fallback is any active gateway of the currency.
    expect(codeOf(d)).toBe('PG-A');
    expect(d.byFallback).toBe(true);
    expect(d.reasons.slice(1)).toEqual([
      { key: 'skipped', values: { gateway: 'PG-C', why: 'inactive' } },
      { key: 'fallback', values: { gateway: 'PG-A' } },
    ]);
    expect(d.candidates.find((c) => c.code === 'PG-C')?.status).toBe('inactive');
    const small = route(
      { steps: [BIG_TO_C] },
      {
        amount: 1_000_000n,
        gateways: gateways.map((g) => (g.code === 'PG-B' ? { ...g, active: false } : g)),
      },
    );
    expect(codeOf(small)).toBe('PG-A');
    expect(small.reasons.at(-1)).toEqual({
      key: 'skipped',
      values: { gateway: 'PG-B', why: 'inactive' },
    });
  });

  it('a gateway that cannot cover the payment is skipped; with none that can, the first active waits', () => {
    const small = { steps: [BIG_TO_C] };
    const d = route(small, { amount: 1_000_000n, covers: (id) => id !== 'g-b' });
    expect(codeOf(d)).toBe('PG-A');
    expect(d.byFallback).toBe(true);
    expect(d.reasons.at(-1)).toEqual({
      key: 'skipped',
      values: { gateway: 'PG-B', why: 'headroom' },
    });
    // The rule named only PG-C, which cannot cover it: the fallback is one that can.
    const big = route(small, { covers: (id) => id === 'g-b' });
    expect(codeOf(big)).toBe('PG-B');
    expect(big.reasons.slice(1)).toEqual([
      { key: 'skipped', values: { gateway: 'PG-C', why: 'headroom' } },
      { key: 'fallback', values: { gateway: 'PG-B' } },
    ]);
    const none = route(small, { amount: 1_000_000n, covers: () => false });
    expect(codeOf(none)).toBe('PG-B');
    expect(none.byFallback).toBe(false);
    expect(none.reasons.at(-1)).toEqual({ key: 'noHeadroom', values: { gateway: 'PG-B' } });
  });

  it('gateways that refused at hand-over are passed over and named first, as refusing only', () => {
    // PG-C first by the rule, PG-A refused it earlier: the fallback names both, once each.
    const d = route({ steps: [BIG_TO_C] }, { refused: new Set(['g-c', 'g-a']) });
    expect(codeOf(d)).toBe('PG-B');
    expect(d.byFallback).toBe(true);
    expect(d.reasons.slice(0, 2)).toEqual([
      { key: 'skipped', values: { gateway: 'PG-A', why: 'refused' } },
      { key: 'skipped', values: { gateway: 'PG-C', why: 'refused' } },
    ]);
    expect(d.reasons.filter((r) => r.values.gateway === 'PG-C')).toHaveLength(1);
    // A refusing gateway stays as it is (active), and is never chosen, not even to wait.
    expect(d.candidates.find((c) => c.code === 'PG-C')?.status).toBe('active');
    const waits = route({ steps: [BIG_TO_C] }, { refused: new Set(['g-c']), covers: () => false });
    expect(codeOf(waits)).toBe('PG-A');
  });

  it('no active gateway at all decides none', () => {
    const d = route(
      { steps: [BIG_TO_C] },
      {
        gateways: gateways.map((g) => ({ ...g, active: false })),
      },
    );
    expect(d.gatewayId).toBeNull();
  });

  it('a split is deterministic per route key and keeps its shares', () => {
    const split = {
      steps: [
        {
          split: [
            { gateway: 'PG-A', percent: 70 },
            { gateway: 'PG-B', percent: 30 },
          ],
        },
      ],
    };
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const d = route(split, { key: `m:order-${i}` });
      expect(route(split, { key: `m:order-${i}` }).gatewayId).toBe(d.gatewayId);
      counts.set(codeOf(d)!, (counts.get(codeOf(d)!) ?? 0) + 1);
    }
    expect(counts.get('PG-C')).toBeUndefined();
    expect(counts.get('PG-A')! / 10_000).toBeGreaterThan(0.67);
    expect(counts.get('PG-A')! / 10_000).toBeLessThan(0.73);
  });

  it('success rates put the best gateway first and explore a share of traffic', () => {
    const rates = {
      'g-a': { attempts: 1000, successes: 914 },
      'g-b': { attempts: 1000, successes: 971 },
      'g-c': { attempts: 5, successes: 5 },
    };
    const step = { steps: [{ successRate: { windowMinutes: 15, explorePercent: 10 } }] };
    let best = 0;
    let explored = 0;
    for (let i = 0; i < 4_000; i++) {
      const d = route(step, { key: `m:o-${i}`, rates });
      if (codeOf(d) === 'PG-B') {
        best += 1;
        expect(d.reasons[0]).toEqual({
          key: 'successRate',
          values: { step: '1', window: '15', gateway: 'PG-B', rate: '97.1', next: 'PG-A 91.4' },
        });
      } else {
        explored += 1;
        expect(d.reasons[0]?.key).toBe('explore');
      }
    }
    expect(explored / 4_000).toBeGreaterThan(0.08);
    expect(explored / 4_000).toBeLessThan(0.12);
    expect(best + explored).toBe(4_000);
    // PG-C has too few finished pay-ins to be trusted: it comes after the rated ones.
    const d = route(step, { key: 'm:o-0', rates });
    expect(d.candidates.find((c) => c.code === 'PG-C')).toMatchObject({
      success_rate: '100.0',
      attempts: 5,
    });
  });

  it('steps compose: a rule narrows, then a split picks among what it kept', () => {
    const profile = {
      steps: [
        { rules: [{ when: { currency: { in: ['THB'] } }, gateways: ['PG-B', 'PG-C'] }] },
        {
          split: [
            { gateway: 'PG-A', percent: 50 },
            { gateway: 'PG-C', percent: 50 },
          ],
        },
      ],
    };
    for (let i = 0; i < 200; i++) expect(codeOf(route(profile, { key: `k${i}` }))).toBe('PG-C');
  });
});

describe('readRoutingProfile', () => {
  it('names the part that is wrong', () => {
    const bad = readRoutingProfile({
      steps: [
        {
          split: [
            { gateway: 'PG-A', percent: 60 },
            { gateway: 'PG-B', percent: 30 },
          ],
        },
        {
          rules: [
            {
              when: {
                velocity: {
                  measure: 'count',
                  key: 'email',
                  window: { hours: 1 },
                  scope: 'merchant',
                  op: 'gt',
                  value: '3',
                },
              },
              gateways: ['PG-A'],
            },
          ],
        },
        { successRate: { windowMinutes: 0 } },
        { fallback: {} },
      ],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems.map((p) => [p.field, p.rule])).toEqual([
      ['steps[0].split', 'percents must add up to 100 (they add up to 90)'],
      ['steps[2].successRate.windowMinutes', 'must be at least 1'],
      ['steps[3].fallback', 'is not a known part'],
      ['steps[3]', 'must have exactly one of rules, split, successRate'],
      [
        'steps[1].rules[0].when.velocity',
        'is not a routing condition (one of amount, currency, account, timeOfDay)',
      ],
    ]);
  });
});
