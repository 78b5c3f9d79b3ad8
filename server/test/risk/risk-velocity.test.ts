import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { runWrites } from '../../src/db/writes';
import { riskFactWrites } from '../../src/modules/risk/risk-facts';
import { foldRiskHours, hourOf, resetRiskFold } from '../../src/modules/risk/risk-fold';
import { readVelocities } from '../../src/modules/risk/risk-history.queries';
import type { IntakeFacts, VelocityQuery } from '../../src/modules/risk/risk-types';
import { openTestDatabase } from '../support/test-db';
import { MERCHANT_ID, OTHER_MERCHANT_ID, facts, memoryHistory } from './risk-memory';

/**
 * Issue 42, velocity over folded hours (migration 0938, risk-fold.ts): a window is read from
 * the hours the fold added up, the raw facts of its first part-hour and the facts not folded
 * yet. Whatever the fold has reached, every answer equals the count or sum over the facts
 * themselves (`memoryHistory`, the evaluator's own `velocityShareOf`).
 */
const HOUR = 3_600_000;
const START = Date.parse('2026-11-20T00:00:00Z');
/** The facts span three days and a bit. */
const SPAN_MS = 75 * HOUR;

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** An instant in the span: on an hour boundary one time in four, a millisecond either side of one in four. */
const instant = fc.oneof(
  fc.integer({ min: 0, max: 74 }).map((h) => START + h * HOUR),
  fc
    .tuple(fc.integer({ min: 1, max: 74 }), fc.constantFrom(-1, 1))
    .map(([h, d]) => START + h * HOUR + d),
  fc.integer({ min: 0, max: SPAN_MS }).map((ms) => START + ms),
  fc.integer({ min: 0, max: SPAN_MS }).map((ms) => START + ms),
);

const aFact = fc
  .record({
    at: instant,
    customerId: fc.constantFrom('cust-a', 'cust-b'),
    merchantId: fc.constantFrom(MERCHANT_ID, OTHER_MERCHANT_ID),
    kind: fc.constantFrom('payin' as const, 'payout' as const),
    currency: fc.constantFrom('THB', 'USD'),
    amount: fc.bigInt({ min: 1n, max: 10_000_000n }),
  })
  .map(({ at, ...more }) => facts({ ...more, at: new Date(at) }));

const aQuestion = fc
  .record({
    measure: fc.constantFrom('count' as const, 'sum' as const),
    value: fc.constantFrom('cust-a', 'cust-b'),
    at: instant,
    minutes: fc.constantFrom(1, 10, 59, 60, 61, 90, 120, 181, 1440, 2 * 1440 + 7, 4320),
    scope: fc.constantFrom('merchant' as const, 'platform' as const),
    merchantId: fc.constantFrom(MERCHANT_ID, OTHER_MERCHANT_ID),
    kinds: fc.constantFrom(undefined, ['payin' as const], ['payout' as const]),
    currency: fc.constantFrom('THB', 'USD'),
  })
  .map(({ at, kinds, currency, ...q }): VelocityQuery => ({
    ...q,
    key: 'customer_id',
    at: new Date(at),
    ...(kinds ? { kinds } : {}),
    ...(q.measure === 'sum' ? { currency } : {}),
  }));

async function writeFacts(items: readonly IntakeFacts[]) {
  await runWrites(db, [
    riskFactWrites(items.map((f) => ({ facts: f, refId: crypto.randomUUID() }))),
  ]);
}

async function foldedTo(): Promise<string> {
  const { rows } = await db.query<{ folded_to: string }>(
    'SELECT folded_to::text AS folded_to FROM risk_fold_state',
  );
  return rows[0]!.folded_to;
}

describe('velocity over folded hours', () => {
  const written: IntakeFacts[] = [];
  const questions = fc.sample(aQuestion, { numRuns: 300, seed: 42 });
  const truth = () => questions.map((q) => memoryHistory(written).velocity(q));

  beforeAll(async () => {
    written.push(...fc.sample(aFact, { numRuns: 600, seed: 7 }));
    await writeFacts(written);
  });

  it('reads every window raw before the first fold', async () => {
    expect(await foldedTo()).toBe('-infinity');
    expect(await readVelocities(db, questions)).toEqual(truth());
  });

  it('folds the closed hours up to an hour before now, and answers the same', async () => {
    const now = new Date(START + 40 * HOUR + 25 * 60_000);
    const hours = await foldRiskHours(db, now);
    // From the oldest fact's hour to the hour an hour before now's.
    const oldest = hourOf(new Date(Math.min(...written.map((f) => f.at.getTime()))));
    expect(hours).toBe((hourOf(now).getTime() - HOUR - oldest.getTime()) / HOUR);
    expect(new Date(await foldedTo()).toISOString()).toBe(
      new Date(START + 39 * HOUR).toISOString(),
    );
    expect(await readVelocities(db, questions)).toEqual(truth());
    // The same fold again adds nothing.
    expect(await foldRiskHours(db, now)).toBe(0);
    expect(await readVelocities(db, questions)).toEqual(truth());
  });

  it('keeps the folded hours exact as facts after the fold arrive and the fold moves on', async () => {
    const later = fc
      .sample(aFact, { numRuns: 200, seed: 11 })
      .filter((f) => f.at.getTime() >= START + 39 * HOUR);
    written.push(...later);
    await writeFacts(later);
    expect(await readVelocities(db, questions)).toEqual(truth());
    expect(await foldRiskHours(db, new Date(START + 80 * HOUR))).toBe(40);
    expect(await readVelocities(db, questions)).toEqual(truth());
    const { rows } = await db.query<{ n: string; total: string }>(
      `SELECT sum(n)::text AS n, sum(total)::text AS total FROM risk_key_hours WHERE key_type = 'customer_id'`,
    );
    expect(rows[0]).toEqual({
      n: String(written.length),
      total: String(written.reduce((sum, f) => sum + f.amount, 0n)),
    });
  });

  it('a reset forgets every fold: the reads are raw again, and the next fold adds it all back', async () => {
    await resetRiskFold(db);
    expect(await foldedTo()).toBe('-infinity');
    expect(await readVelocities(db, questions)).toEqual(truth());
    const oldest = Math.min(...written.map((f) => f.at.getTime()));
    expect(await foldRiskHours(db, new Date(START + 80 * HOUR))).toBe(
      (START + 79 * HOUR - hourOf(new Date(oldest)).getTime()) / HOUR,
    );
    expect(await readVelocities(db, questions)).toEqual(truth());
  });

  it('adds every hour once when folds and a reset run at once (each locks the fold state first)', async () => {
    const now = new Date(START + 80 * HOUR);
    // On PostgreSQL these are four connections racing (a few rounds: a race is not always
    // lost); PGlite takes them one at a time.
    for (let round = 0; round < 4; round++) {
      await resetRiskFold(db);
      await Promise.all([
        foldRiskHours(db, now),
        foldRiskHours(db, now),
        resetRiskFold(db),
        foldRiskHours(db, now),
      ]);
    }
    // Whatever the last reset undid, the next fold adds back, once.
    await foldRiskHours(db, now);
    expect(new Date(await foldedTo()).toISOString()).toBe(
      new Date(START + 79 * HOUR).toISOString(),
    );
    const { rows } = await db.query<{ n: string; total: string }>(
      `SELECT sum(n)::text AS n, sum(total)::text AS total FROM risk_key_hours WHERE key_type = 'customer_id'`,
    );
    expect(rows[0]).toEqual({
      n: String(written.length),
      total: String(written.reduce((sum, f) => sum + f.amount, 0n)),
    });
    expect(await readVelocities(db, questions)).toEqual(truth());
  });
});
