import { walkConditions, type ConditionOf, type ConditionType } from '@bo/contract';
import { velocityShapeOf, type VelocityShape } from './conditions/velocity';
import { factColumnOf } from './risk-facts';
import { keyValueOf, type EvaluatedRule, type IntakeFacts, type VelocityQuery } from './risk-types';

/*
 * A backtest's velocity in bulk (issue 42; docs/risk.md "Backtests"): a chunk's read answers
 * each velocity question its requests will ask, as a window over the facts themselves, instead
 * of one index probe per request. The answers only fill the history; the rule's own code, the
 * one intake runs, still decides every request.
 */

/**
 * The longest window read in bulk: a chunk reads this much of lead-in before it, so a longer
 * window would read more than its probes cost; its questions are read one by one, as at intake.
 */
export const BULK_VELOCITY_MAX_MINUTES = 24 * 60;

type VelocityCondition = ConditionOf<'velocity'>;

/** A shape as a map key: a question and its condition's shape give the same one. */
const shapeKeyOf = (s: VelocityShape): string =>
  `${s.measure}|${s.key}|${s.minutes}|${s.scope}|${s.kinds?.join(',') ?? ''}|${s.currency ?? ''}`;

/**
 * The facts a chunk `[from, to)` reads to answer `shapes` in bulk, as alias `f`: the chunk's
 * and its lead-in's (the longest window before `from`, only facts with one of the shapes' keys),
 * each with a column `v<i>` per shape: its key's count or sum over `(at − window, at]`, a RANGE
 * window partitioned by the key's hash (and the merchant for a merchant's scope). Its own
 * instant is in it, so a request counts itself and every request of its very instant (the
 * backtest takes its own share out, as `historyBefore` says); a window that ends one
 * microsecond after its start leaves out a fact exactly a window older, as `velocityShareOf`.
 * `$1` is `from` and `$2` is `to`; the rest are pushed on `params`.
 */
export function bulkVelocitySource(shapes: readonly VelocityShape[], params: unknown[]): string {
  if (!shapes.length) return 'risk_facts f';
  const longest = Math.max(...shapes.map((s) => s.minutes));
  const keyed = [...new Set(shapes.map((s) => `f.${factColumnOf(s.key)} IS NOT NULL`))];
  const columns = shapes.map((s, i) => {
    const only = [
      ...(s.kinds ? [`f.kind = ANY ($${params.push(s.kinds)}::text[])`] : []),
      ...(s.measure === 'sum' ? [`f.currency = $${params.push(s.currency ?? null)}::text`] : []),
    ];
    const filter = only.length ? ` FILTER (WHERE ${only.join(' AND ')})` : '';
    const value =
      s.measure === 'count'
        ? `count(*)${filter} OVER w${i}`
        : `coalesce(sum(f.amount)${filter} OVER w${i}, 0)`;
    return `(${value})::text AS v${i}`;
  });
  const windows = shapes.map((s, i) => {
    if (!Number.isInteger(s.minutes)) throw new Error('a window is whole minutes');
    const partition = [`f.${factColumnOf(s.key)}`];
    if (s.scope === 'merchant') partition.push('f.merchant_account_id');
    return `w${i} AS (PARTITION BY ${partition.join(', ')} ORDER BY f.at
                      RANGE BETWEEN interval '${s.minutes} minutes' - interval '1 microsecond'
                            PRECEDING AND CURRENT ROW)`;
  });
  const lead = `$1::timestamptz - interval '${longest} minutes'`;
  return `(SELECT f.*, ${columns.join(', ')}
             FROM risk_facts f
            WHERE f.at > ${lead} AND f.at < $2 AND (f.at >= $1 OR ${keyed.join(' OR ')})
           WINDOW ${windows.join(', ')}) f`;
}

/** Whether a question is of a shape (the fields of `shapeKeyOf`). */
const isSameShape = (s: VelocityShape, q: VelocityShape): boolean =>
  s.measure === q.measure &&
  s.key === q.key &&
  s.minutes === q.minutes &&
  s.scope === q.scope &&
  s.currency === q.currency &&
  (s.kinds === q.kinds || s.kinds?.join(',') === q.kinds?.join(','));

/** The velocity a backtest reads in bulk: its rule's shapes, and how to find an answer. */
export interface BulkVelocity {
  /** The shapes of the rule's velocity conditions with windows up to a day, each once. */
  readonly shapes: readonly VelocityShape[];
  /** Whether a leaf of the rule is a velocity condition read in bulk. */
  readonly answersLeaf: (type: ConditionType, body: unknown) => boolean;
  /** Whether a question's shape is read in bulk. */
  readonly answersQuestion: (q: VelocityQuery) => boolean;
  /**
   * A question's bulk answer among its request's (`answers`, one per shape): undefined when
   * its shape is not read in bulk, or it is not about the request's own key and instant.
   */
  readonly answerOf: (
    answers: readonly bigint[] | undefined,
    q: VelocityQuery,
    facts: IntakeFacts,
  ) => bigint | undefined;
}

/** The velocity of `rule` a backtest's chunks read in bulk. */
export function bulkVelocityOf(rule: EvaluatedRule): BulkVelocity {
  const index = new Map<string, number>();
  const shapes: VelocityShape[] = [];
  walkConditions(rule.definition.when, (leaf) => {
    if (!('velocity' in leaf)) return;
    const shape = velocityShapeOf(leaf.velocity);
    const key = shapeKeyOf(shape);
    if (shape.minutes > BULK_VELOCITY_MAX_MINUTES || index.has(key)) return;
    index.set(key, shapes.push(shape) - 1);
  });
  return {
    shapes,
    answersLeaf: (type, body) =>
      type === 'velocity' && index.has(shapeKeyOf(velocityShapeOf(body as VelocityCondition))),
    answersQuestion: (q) => index.has(shapeKeyOf(q)),
    answerOf(answers, q, facts) {
      if (!answers) return undefined;
      // Most rules have a shape or two: comparing them is cheaper than a key's text.
      let i = 0;
      while (i < shapes.length && !isSameShape(shapes[i]!, q)) i++;
      if (i === shapes.length) return undefined;
      const own =
        q.at.getTime() === facts.at.getTime() &&
        q.merchantId === facts.merchantId &&
        keyValueOf(facts, q.key) === q.value;
      return own ? answers[i] : undefined;
    },
  };
}
