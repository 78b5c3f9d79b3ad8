import { readRoutingProfile, type RoutingProfileDefinition } from '@bo/contract';
import {
  decideRoute,
  type GatewayRate,
  type RouteGateway,
} from '../server/src/modules/routing/routing-decide';
import type { IntakeFacts, RiskLookups } from '../server/src/modules/risk/risk-types';

/**
 * `npm run bench:routing-decide`: the routing decision alone, no database (issue 43; docs/
 * routing.md, "Speed"): 20 gateways of one currency, 10 profiles (each a rules step of five
 * rules, a volume split and a success-rate step), one picked per pay-in as intake picks it.
 * Prints the p50, p99 and p99.9 of one decision in microseconds over BENCH_DECISIONS (default
 * 200,000) pay-ins, after a warm-up. The goal is p99 ≤ 1 ms.
 */
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 200_000);
const MERCHANTS = Array.from(
  { length: 50 },
  (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
);

const gateways: RouteGateway[] = Array.from({ length: 20 }, (_, i) => ({
  id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  code: `PG-${String(i).padStart(2, '0')}`,
  active: i % 7 !== 3,
}));
const rates = new Map<string, GatewayRate>(
  gateways.map((g, i) => [g.id, { attempts: 500 + i * 37, successes: 400 + ((i * 53) % 100) }]),
);

function profile(n: number): RoutingProfileDefinition {
  const code = (i: number) => gateways[(n * 3 + i) % gateways.length]!.code;
  const read = readRoutingProfile({
    steps: [
      {
        rules: [
          {
            when: { amount: { currency: 'THB', op: 'gte', value: `${50_000 + n * 1000}` } },
            gateways: [code(0), code(1)],
          },
          {
            when: { timeOfDay: { from: '22:00', to: '06:00' } },
            gateways: [code(2), code(3), code(4)],
          },
          { when: { account: { merchants: ['MER00007'] } }, gateways: [code(5)] },
          {
            when: {
              all: [
                { amount: { currency: 'THB', op: 'lt', value: '100' } },
                { not: { timeOfDay: { from: '09:00', to: '17:00' } } },
              ],
            },
            gateways: [code(6), code(7)],
          },
          {
            when: { currency: { in: ['THB'] } },
            gateways: Array.from({ length: 8 }, (_, i) => code(8 + i)),
          },
        ],
      },
      {
        split: [
          { gateway: code(8), percent: 40 },
          { gateway: code(9), percent: 35 },
          { gateway: code(10), percent: 25 },
        ],
      },
      { successRate: { windowMinutes: 15, explorePercent: 5 } },
    ],
  });
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.definition;
}
const profiles = Array.from({ length: 10 }, (_, n) => ({
  id: `profile-${n}`,
  version: 1,
  definition: profile(n),
}));

const lookups: RiskLookups = {
  lists: { matches: () => false },
  zoneOf: () => 'Asia/Bangkok',
  accountIdOf: (code) => (code === 'MER00007' ? MERCHANTS[7]! : null),
};

function factsOf(i: number): IntakeFacts {
  return {
    kind: 'payin',
    merchantId: MERCHANTS[i % MERCHANTS.length]!,
    resellerId: null,
    amount: BigInt(1_000 + ((i * 7919) % 10_000_000)),
    currency: 'THB',
    orderId: null,
    at: new Date(Date.UTC(2026, 11, 1) + i * 61_000),
  };
}

function decide(i: number) {
  return decideRoute(factsOf(i), `m:order-${i}`, {
    profile: profiles[i % profiles.length]!,
    gateways,
    lookups,
    rateOf: (id) => rates.get(id),
  });
}

for (let i = 0; i < 20_000; i++) decide(i);
const took = new Float64Array(DECISIONS);
const shares = new Map<string, number>();
for (let i = 0; i < DECISIONS; i++) {
  const start = process.hrtime.bigint();
  const d = decide(i + 20_000);
  took[i] = Number(process.hrtime.bigint() - start) / 1000;
  shares.set(d.gatewayId!, (shares.get(d.gatewayId!) ?? 0) + 1);
}
took.sort();
const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!.toFixed(1);
console.log(
  `routing decisions: ${DECISIONS} over ${gateways.length} gateways and ${profiles.length} profiles`,
);
console.log(
  `  one decision: p50 ${at(0.5)} µs, p99 ${at(0.99)} µs, p99.9 ${at(0.999)} µs (goal: p99 ≤ 1000 µs)`,
);
console.log(`  gateways used: ${shares.size}`);
