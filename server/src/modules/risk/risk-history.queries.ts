import { HISTORY_KEY_TYPES, moneyKind, type HistoryKeyType } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { riskValueHash } from './list-matchers';
import { factColumnOf } from './risk-facts';
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

/**
 * Each velocity question's count or sum from the facts: one statement per key type asked, each
 * question an index range of that key's partial index over its window `(at − minutes, at]`.
 */
export async function readVelocities(
  db: Queryable,
  questions: readonly VelocityQuery[],
  hashOf: ValueHash = riskValueHash,
): Promise<bigint[]> {
  const answers = questions.map(() => 0n);
  for (const [key, { qs, index }] of byKey(questions)) {
    const column = factColumnOf(key);
    const { rows } = await db.query<{ i: number; n: bigint }>(
      `SELECT q.i, (SELECT CASE WHEN q.measure = 'count' THEN count(*)
                           ELSE coalesce(sum(f.amount) FILTER (WHERE f.currency = q.currency), 0) END
                      FROM risk_facts f
                     WHERE f.${column} = q.h AND f.at > q.since AND f.at <= q.until
                       AND (q.merchant IS NULL OR f.merchant_account_id = q.merchant)
                       AND (q.kinds IS NULL OR f.kind = ANY (string_to_array(q.kinds, ',')))) AS n
         FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::uuid[],
                     $6::text[], $7::text[], $8::text[])
           AS q(i, h, since, until, merchant, kinds, measure, currency)`,
      [
        index,
        qs.map((q) => hashOf(key, q.value).toString()),
        qs.map((q) => new Date(q.at.getTime() - q.minutes * 60_000).toISOString()),
        qs.map((q) => q.at.toISOString()),
        qs.map((q) => (q.scope === 'merchant' ? q.merchantId : null)),
        qs.map((q) => q.kinds?.join(',') ?? null),
        qs.map((q) => q.measure),
        qs.map((q) => q.currency ?? null),
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
