import { readRuleDefinition, type RiskKeyType } from '@bo/contract';
import { buildListMatcher, type ListMatcher } from '../server/src/modules/risk/list-matchers';
import { canonicalFacts } from '../server/src/modules/risk/canonical-facts';
import { evaluateRules } from '../server/src/modules/risk/risk-evaluate';
import { historyQuestionsOf } from '../server/src/modules/risk/risk-history';
import type {
  EvaluatedRule,
  IntakeFacts,
  RiskHistory,
  RiskLookups,
} from '../server/src/modules/risk/risk-types';
import { benchCustomer, benchRuleDefinitions } from './src/risk-world';

/**
 * `npm run bench:risk-eval`: the pure part of intake's decision, no database (issue 42; docs/
 * risk.md, "Speed"): planning a batch's history questions and evaluating the risk world's fifty
 * rules on it, over a history that answers at once. Prints milliseconds per batch of
 * BENCH_BATCH (default 64) pay-ins and per pay-in, the median of BENCH_BATCHES (default 300).
 * Run it with `node --cpu-prof` to see where the evaluation's time goes.
 */
const BATCH = Number(process.env.BENCH_BATCH ?? 64);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 300);
const MERCHANT = '00000000-0000-4000-8000-000000000001';

/** The world's four lists, their entries as `risk-world.ts` makes them. */
const LISTS: Record<string, { keyType: RiskKeyType; count: number; value: (i: number) => string }> =
  {
    'Blocked e-mails': {
      keyType: 'email',
      count: 40_000,
      value: (i) => `spam-${i}@blocked.example`,
    },
    'Blocked customer IPs': {
      keyType: 'customer_ip',
      count: 30_000,
      value: (i) => `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
    },
    'Fraudulent customers': { keyType: 'customer_id', count: 20_000, value: (i) => `fraud-${i}` },
    'Trusted customers': { keyType: 'customer_id', count: 10_000, value: (i) => `vip-${i}` },
  };

function lookupsOf(): { lookups: RiskLookups; ids: Record<string, string> } {
  const ids: Record<string, string> = {};
  const matchers = new Map<string, ListMatcher>();
  Object.entries(LISTS).forEach(([name, list], n) => {
    const id = `00000000-0000-4000-8000-0000000000f${n}`;
    ids[name] = id;
    const entries = Array.from({ length: list.count }, (_, i) => ({
      value: list.value(i + 1),
      expiresAt: null,
    }));
    matchers.set(id, buildListMatcher(list.keyType, entries));
  });
  const lookups: RiskLookups = {
    lists: { matches: (listId, _key, value) => matchers.get(listId)?.matches(value) ?? false },
    zoneOf: () => 'Asia/Bangkok',
    accountIdOf: () => MERCHANT,
  };
  return { lookups, ids };
}

function rulesOf(ids: Record<string, string>): EvaluatedRule[] {
  return benchRuleDefinitions(ids).map((definition, i) => {
    const read = readRuleDefinition(definition);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    return {
      id: `rule-${String(i).padStart(3, '0')}`,
      version: 1,
      mode: 'active',
      owner: { scope: 'platform', merchantId: null, resellerId: null },
      definition: read.definition,
    };
  });
}

function batchOf(at: Date): IntakeFacts[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const customer = benchCustomer();
    return canonicalFacts({
      kind: 'payin',
      merchantId: MERCHANT,
      resellerId: null,
      amount: BigInt(10_000 + i * 100),
      currency: 'THB',
      orderId: `order-${i}`,
      at: new Date(at.getTime() + i),
      customerId: customer.id,
      email: customer.email,
      customerIp: customer.ip,
      sourceIp: '127.0.0.1',
    });
  });
}

/** A history that answers every question at once, as a read ahead would. */
const quickHistory: RiskHistory = {
  velocity: () => 3n,
  firstSeen: () => null,
  outcomes: () => ({ payins: 0, failed: 0, refunded: 0, disputed: 0 }),
};

const { lookups, ids } = lookupsOf();
const rules = rulesOf(ids);
const plan: number[] = [];
const evaluate: number[] = [];
for (let b = 0; b < BATCHES; b++) {
  const batch = batchOf(new Date(Date.UTC(2026, 11, 3, 5, 0, b)));
  const started = performance.now();
  historyQuestionsOf(
    batch.flatMap((facts) => rules.map((rule) => ({ rule, facts }))),
    lookups,
  );
  const planned = performance.now();
  evaluateRules(rules, batch, quickHistory, lookups);
  plan.push(planned - started);
  evaluate.push(performance.now() - planned);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (name: string, xs: number[]) =>
  console.log(
    `${name.padEnd(28)} ${median(xs).toFixed(2)} ms a batch of ${BATCH}, ${((median(xs) / BATCH) * 1000).toFixed(1)} µs a pay-in`,
  );
line('plan the history questions', plan);
line('evaluate the 50 rules', evaluate);
