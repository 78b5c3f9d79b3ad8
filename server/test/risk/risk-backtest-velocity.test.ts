import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VelocityShape } from '../../src/modules/risk/conditions/velocity';
import type { Db } from '../../src/db/db';
import { runWrites } from '../../src/db/writes';
import {
  backtestValueHash,
  factPages,
  type BacktestFact,
} from '../../src/modules/risk/risk-backtest-fact-text';
import { readFactText, type FactWindow } from '../../src/modules/risk/risk-backtest-facts';
import {
  BULK_VELOCITY_MAX_MINUTES,
  bulkVelocityOf,
} from '../../src/modules/risk/risk-backtest-velocity';
import { riskFactWrites } from '../../src/modules/risk/risk-facts';
import { foldRiskHours } from '../../src/modules/risk/risk-fold';
import { readVelocities } from '../../src/modules/risk/risk-history.queries';
import { keyValueOf, type VelocityQuery } from '../../src/modules/risk/risk-types';
import { openTestDatabase } from '../support/test-db';
import { MERCHANT_ID, OTHER_MERCHANT_ID, facts, rule } from './risk-memory';

/**
 * Issue 42, a backtest's velocity in bulk (risk-backtest-velocity.ts): a chunk's read answers
 * every velocity question of its requests as a window over the facts. On random facts (many at
 * one instant, many exactly a window apart, a millisecond either side of an hour), each answer
 * equals the one intake's own per-question read gives (`readVelocities`), raw and across the
 * fold, for counts and sums, merchant and platform scope, kinds and currencies.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2026-10-05T00:00:00Z');
const SPAN_MS = 50 * HOUR;

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** A few instants many requests share, whole minutes apart (so windows end on each other). */
const sharedMinute = fc.integer({ min: 0, max: 40 }).map((m) => START + 20 * HOUR + m * MINUTE);
const instant = fc.oneof(
  sharedMinute,
  sharedMinute.map((at) => at + 1),
  fc.integer({ min: 1, max: 49 }).map((h) => START + h * HOUR - 1),
  fc.integer({ min: 0, max: 49 }).map((h) => START + h * HOUR),
  fc.integer({ min: 0, max: SPAN_MS }).map((ms) => START + ms),
);

const aFact = fc
  .record({
    at: instant,
    customerId: fc.constantFrom('cust-a', 'cust-b'),
    email: fc.constantFrom('a@example.com', 'b@example.com', undefined),
    merchantId: fc.constantFrom(MERCHANT_ID, OTHER_MERCHANT_ID),
    kind: fc.constantFrom('payin' as const, 'payout' as const),
    currency: fc.constantFrom('THB', 'USD'),
    amount: fc.bigInt({ min: 1n, max: 10_000_000n }),
  })
  .map(({ at, email, ...more }) =>
    facts({ ...more, ...(email ? { email } : {}), at: new Date(at) }),
  );

/** A chunk's facts, each with its bulk answers to `shapes`. */
const readFacts = async (window: FactWindow, shapes: readonly VelocityShape[]) =>
  [...factPages(await readFactText(db, window, shapes), 100)].flat();

/** Every shape a question can take, over windows around an hour and up to a day. */
const SHAPES: VelocityShape[] = [1, 59, 60, 61, 120, 1440].flatMap((minutes) =>
  (['customer_id', 'email'] as const).flatMap((key) =>
    (['merchant', 'platform'] as const).flatMap((scope) =>
      [undefined, ['payin' as const], ['payout' as const]].flatMap((kinds) =>
        [
          { measure: 'count' as const },
          { measure: 'sum' as const, currency: 'THB' },
          { measure: 'sum' as const, currency: 'USD' },
        ].map((m) => ({ ...m, key, minutes, scope, ...(kinds ? { kinds } : {}) })),
      ),
    ),
  ),
);

/** A velocity leaf of a rule over e-mails. */
const leaf = (window: unknown, measure = 'count') => ({
  velocity: {
    measure,
    key: 'email',
    window,
    scope: 'merchant',
    op: 'gte',
    value: measure === 'count' ? '3' : '100.00',
    ...(measure === 'sum' ? { currency: 'THB' } : {}),
  },
});

/** A rule that watches every request, so a chunk reads them all. */
const everything = rule({
  kinds: ['payin', 'payout'],
  action: { type: 'review' },
  when: leaf({ hours: 1 }),
});

/** The chunks a backtest of `[from, to)` would read, each with its bulk answers. */
async function readChunks(edges: readonly number[]): Promise<BacktestFact[]> {
  const read: BacktestFact[] = [];
  for (let i = 1; i < edges.length; i++) {
    const window = { rule: everything, from: new Date(edges[i - 1]!), to: new Date(edges[i]!) };
    read.push(...(await readFacts(window, SHAPES)));
  }
  return read;
}

/** Each read request's bulk answer and intake's read of the same question, side by side. */
async function answersSideBySide(read: readonly BacktestFact[]) {
  const questions: VelocityQuery[] = [];
  const bulk: bigint[] = [];
  for (const fact of read)
    SHAPES.forEach((shape, i) => {
      const value = keyValueOf(fact.facts, shape.key);
      if (value === undefined) return;
      questions.push({ ...shape, value, at: fact.facts.at, merchantId: fact.facts.merchantId });
      bulk.push(fact.velocity![i]!);
    });
  return { bulk, intake: await readVelocities(db, questions, backtestValueHash) };
}

describe('a backtest reads velocity in bulk', () => {
  const written = fc.sample(aFact, { numRuns: 500, seed: 42 });
  // Chunks cut at an hour, a minute many requests share and a millisecond after an hour.
  const edges = [
    START + 2 * HOUR,
    START + 20 * HOUR,
    START + 20 * HOUR + 7 * MINUTE,
    START + 30 * HOUR + 1,
    START + SPAN_MS + 1,
  ];

  beforeAll(async () => {
    await runWrites(db, [
      riskFactWrites(written.map((f) => ({ facts: f, refId: crypto.randomUUID() }))),
    ]);
  });

  it('answers as intake reads each question, every window read raw', async () => {
    const read = await readChunks(edges);
    expect(read.length).toBe(written.filter((f) => f.at.getTime() >= edges[0]!).length);
    const { bulk, intake } = await answersSideBySide(read);
    expect(bulk.length).toBeGreaterThan(10_000);
    expect(bulk).toEqual(intake);
    // Not all nothing: requests at one instant count each other, sums add up amounts.
    expect(bulk.filter((n) => n > 1n).length).toBeGreaterThan(1000);
  });

  it('answers as intake reads each question from folded hours', async () => {
    await foldRiskHours(db, new Date(START + SPAN_MS));
    const { bulk, intake } = await answersSideBySide(await readChunks(edges));
    expect(bulk).toEqual(intake);
  });

  it('counts a request and those at its very instant, not one a whole window older', async () => {
    const at = START + 60 * HOUR;
    const customerId = 'cust-edge';
    const burst = [at - HOUR, at - HOUR + 1, at, at, at + 1].map((ms) =>
      facts({ customerId, kind: 'payin', at: new Date(ms) }),
    );
    await runWrites(db, [
      riskFactWrites(burst.map((f) => ({ facts: f, refId: crypto.randomUUID() }))),
    ]);
    const shape: VelocityShape = {
      measure: 'count',
      key: 'customer_id',
      minutes: 60,
      scope: 'merchant',
    };
    const read = await readFacts(
      { rule: everything, from: new Date(at - 1), to: new Date(at + 2) },
      [shape],
    );
    const answers = read.map((f) => [f.facts.at.getTime() - at, f.velocity![0]]);
    expect(answers.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [0, 3n],
      [0, 3n],
      [1, 3n],
    ]);
  });
});

describe('which velocity a backtest reads in bulk', () => {
  it('each shape of windows up to a day once; longer ones are read one by one', () => {
    const bulk = bulkVelocityOf(
      rule({
        kinds: ['payin'],
        action: { type: 'review' },
        when: {
          any: [
            leaf({ hours: 1 }),
            leaf({ minutes: 60 }),
            leaf({ hours: 1 }, 'sum'),
            leaf({ days: 1 }),
            leaf({ days: 2 }),
          ],
        },
      }),
    );
    expect(bulk.shapes.map((s) => [s.measure, s.minutes])).toEqual([
      ['count', 60],
      ['sum', 60],
      ['count', BULK_VELOCITY_MAX_MINUTES],
    ]);
    const question = (minutes: number): VelocityQuery => ({
      measure: 'count',
      key: 'email',
      minutes,
      scope: 'merchant',
      value: 'a@example.com',
      at: new Date(START),
      merchantId: MERCHANT_ID,
    });
    expect(bulk.answersQuestion(question(60))).toBe(true);
    expect(bulk.answersQuestion(question(2 * 1440))).toBe(false);
  });
});
