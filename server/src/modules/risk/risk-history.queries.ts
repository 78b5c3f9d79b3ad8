import { HISTORY_KEY_TYPES, moneyKind, type HistoryKeyType } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { riskValueHash } from './list-matchers';
import { factColumnOf } from './risk-facts';
import { hourSql } from './risk-fold';
import type { OutcomeCounts, VelocityQuery } from './risk-types';

/** One first-seen question: when the key's value was first seen before `at`. */
export interface FirstSeenQuery {
  readonly key: HistoryKeyType;
  readonly value: string;
  readonly at: Date;
}

/** One outcome question: a customer's pay-ins with a merchant in the `days` before `at`. */
export interface OutcomeQuery {
  readonly customerId: string;
  readonly merchantId: string;
  readonly days: number;
  readonly at: Date;
}

/** The newest pay-ins of a customer an outcome share reads (docs/risk.md, "History"). */
export const OUTCOME_SHARE_CAP = 500;

/**
 * How a question's value becomes the facts' hash: intake's values are canonical text; a
 * backtest's are known only by their hashes already (`risk-backtest-facts.ts`).
 */
export type ValueHash = (key: HistoryKeyType, value: string) => bigint;
/** The questions by key type asked, each with its place in `questions`. */
function byKey<Q extends { key: HistoryKeyType }>(questions: readonly Q[]) {
  const groups = new Map<HistoryKeyType, { qs: Q[]; index: number[] }>();
  questions.forEach((q, i) => {
    const group = groups.get(q.key) ?? { qs: [], index: [] };
    group.qs.push(q);
    group.index.push(i);
    groups.set(q.key, group);
  });
  return HISTORY_KEY_TYPES.filter((key) => groups.has(key)).map(
    (key) => [key, groups.get(key)!] as const,
  );
}

/** What a velocity question adds up from rows of alias `x`: 1 or `n` a count, amounts a sum. */
const measured = (x: string, n: string, amount: string) =>
  `CASE WHEN q.measure = 'count' THEN ${n}
        WHEN ${x}.currency = q.currency THEN ${amount} ELSE 0 END`;
/** A velocity question's scope and kinds, on rows of alias `x`. */
const velocityFilters = (x: string) =>
  `(q.merchant IS NULL OR ${x}.merchant_account_id = q.merchant)
   AND (q.kinds IS NULL OR ${x}.kind = ANY (string_to_array(q.kinds, ',')))`;

/**
 * Each velocity question's count or sum, one statement per key type asked. A window
 * `(at − minutes, at]` is read in three parts, so a busy key costs at most one row per hour of
 * it (migration 0938): the folded whole hours `[lo, hi)` from `risk_key_hours`; the raw facts of
 * its first part-hour `(since, lo)`, and of what is not folded yet `[hi, until]`, from the
 * key's index. A window with no folded whole hour (`lo ≥ hi`, every short one) is read raw, whole,
 * in one range. `folded_to` is a scalar subquery, read once: joined as a table, its one row was
 * planned as thousands, and the inflated cost had PostgreSQL JIT-compile every statement (about
 * 300 ms each, more than the read itself).
 */
export async function readVelocities(
  db: Queryable,
  questions: readonly VelocityQuery[],
  hashOf: ValueHash = riskValueHash,
): Promise<bigint[]> {
  const answers = questions.map(() => 0n);
  for (const [key, { qs, index }] of byKey(questions)) {
    const column = factColumnOf(key);
    const raw = (range: string) =>
      `(SELECT coalesce(sum(${measured('f', '1', 'f.amount')}), 0) FROM risk_facts f
         WHERE f.${column} = q.h AND f.at > q.since AND f.at <= q.until ${range}
           AND ${velocityFilters('f')})`;
    const { rows } = await db.query<{ i: number; n: string }>(
      `SELECT q.i,
              (CASE WHEN w.lo < w.hi THEN
                 (SELECT coalesce(sum(${measured('h', 'h.n', 'h.total')}), 0) FROM risk_key_hours h
                   WHERE h.key_type = $9 AND h.key_h = q.h AND h.hour >= w.lo AND h.hour < w.hi
                     AND ${velocityFilters('h')})
                 + ${raw('AND f.at < w.lo')} + ${raw('AND f.at >= w.hi')}
               ELSE ${raw('')} END)::text AS n
         FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::uuid[],
                     $6::text[], $7::text[], $8::text[])
           AS q(i, h, since, until, merchant, kinds, measure, currency)
        CROSS JOIN LATERAL (
          SELECT ${hourSql('q.since')} + interval '1 hour' AS lo,
                 least(${hourSql('q.until')}, (SELECT folded_to FROM risk_fold_state)) AS hi
        ) w`,
      [
        index,
        qs.map((q) => hashOf(key, q.value).toString()),
        qs.map((q) => new Date(q.at.getTime() - q.minutes * 60_000).toISOString()),
        qs.map((q) => q.at.toISOString()),
        qs.map((q) => (q.scope === 'merchant' ? q.merchantId : null)),
        qs.map((q) => q.kinds?.join(',') ?? null),
        qs.map((q) => q.measure),
        qs.map((q) => q.currency ?? null),
        key,
      ],
    );
    for (const r of rows) answers[r.i] = BigInt(r.n);
  }
  return answers;
}

/** When each key's value was first seen before its `at` (null: never), from the facts. */
export async function readFirstSeen(
  db: Queryable,
  questions: readonly FirstSeenQuery[],
  hashOf: ValueHash = riskValueHash,
): Promise<(Date | null)[]> {
  const answers: (Date | null)[] = questions.map(() => null);
  for (const [key, { qs, index }] of byKey(questions)) {
    const { rows } = await db.query<{ i: number; first: Date | null }>(
      `SELECT q.i, (SELECT min(f.at) FROM risk_facts f
                     WHERE f.${factColumnOf(key)} = q.h AND f.at < q.until) AS first
         FROM unnest($1::int[], $2::bigint[], $3::timestamptz[]) AS q(i, h, until)`,
      [index, qs.map((q) => hashOf(key, q.value).toString()), qs.map((q) => q.at.toISOString())],
    );
    for (const r of rows) answers[r.i] = r.first;
  }
  return answers;
}

/**
 * Each customer's pay-ins with the merchant in the days before `at` (the newest
 * `OUTCOME_SHARE_CAP`), by how they ended: failed (the pay-in kind's failed outcomes),
 * refunded (in part or whole), disputed.
 */
export async function readOutcomes(
  db: Queryable,
  questions: readonly OutcomeQuery[],
  hashOf: ValueHash = riskValueHash,
): Promise<OutcomeCounts[]> {
  if (!questions.length) return [];
  const failed = moneyKind('payin').outcomes.failed;
  const { rows } = await db.query<OutcomeCounts & { i: number }>(
    `SELECT q.i, count(p.id)::int AS payins,
            count(p.id) FILTER (WHERE p.status = ANY ($6::text[]))::int AS failed,
            count(p.id) FILTER (WHERE p.refunded_amount > 0)::int AS refunded,
            count(p.id) FILTER (WHERE EXISTS (SELECT 1 FROM disputes d WHERE d.payin_id = p.id))::int
              AS disputed
       FROM unnest($1::int[], $2::bigint[], $3::uuid[], $4::timestamptz[], $5::timestamptz[])
         AS q(i, h, merchant, since, until)
       LEFT JOIN LATERAL (SELECT f.ref_id FROM risk_facts f
                           WHERE f.customer_id_h = q.h AND f.at > q.since AND f.at < q.until
                             AND f.kind = 'payin' AND f.merchant_account_id = q.merchant
                           ORDER BY f.at DESC LIMIT ${OUTCOME_SHARE_CAP}) f ON true
       LEFT JOIN payins p ON p.id = f.ref_id
      GROUP BY q.i`,
    [
      questions.map((_, i) => i),
      questions.map((q) => hashOf('customer_id', q.customerId).toString()),
      questions.map((q) => q.merchantId),
      questions.map((q) => new Date(q.at.getTime() - q.days * 86_400_000).toISOString()),
      questions.map((q) => q.at.toISOString()),
      failed,
    ],
  );
  const answers = questions.map(() => ({ payins: 0, failed: 0, refunded: 0, disputed: 0 }));
  for (const { i, ...counts } of rows) answers[i] = counts;
  return answers;
}
