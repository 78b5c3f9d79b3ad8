import { formatAmount, spanMinutes, type ConditionOf } from '@bo/contract';
import { keyValueOf, type ConditionDef, type IntakeFacts, type VelocityQuery } from '../risk-types';
import { amountLimit } from './amount-limit';
import { compare } from './compare';
import { currencyProblem } from './currency';

/**
 * What `facts` adds to a velocity question's count or sum: nothing unless it has the key's
 * value, falls in the window and the scope, and is of the kinds (and, for a sum, the currency).
 */
export function velocityShareOf(q: VelocityQuery, facts: IntakeFacts): bigint {
  if (keyValueOf(facts, q.key) !== q.value) return 0n;
  const age = q.at.getTime() - facts.at.getTime();
  if (age < 0 || age >= q.minutes * 60_000) return 0n;
  if (q.scope === 'merchant' && facts.merchantId !== q.merchantId) return 0n;
  if (q.kinds && !q.kinds.includes(facts.kind)) return 0n;
  if (q.measure === 'count') return 1n;
  return facts.currency === q.currency ? facts.amount : 0n;
}

/** What a velocity question asks whoever asks it: the request's value, time and merchant aside. */
export type VelocityShape = Omit<VelocityQuery, 'value' | 'at' | 'merchantId'>;

/** Each condition's shape, made once: a backtest asks it of millions of requests. */
const shapes = new WeakMap<ConditionOf<'velocity'>, VelocityShape>();

/** The shape of the question a velocity condition asks (one per condition, every request). */
export function velocityShapeOf(c: ConditionOf<'velocity'>): VelocityShape {
  let shape = shapes.get(c);
  if (!shape) {
    shape = {
      measure: c.measure,
      key: c.key,
      minutes: spanMinutes(c.window),
      scope: c.scope,
      ...(c.kinds ? { kinds: c.kinds } : {}),
      ...(c.currency ? { currency: c.currency } : {}),
    };
    shapes.set(c, shape);
  }
  return shape;
}

/**
 * Count or sum of a key's requests over a window, this one included (a count "> 3 in an hour"
 * holds from the fourth): the history's, plus what this request adds.
 */
export const velocityCondition: ConditionDef<'velocity'> = {
  async check(c, ctx, at) {
    const problems =
      c.currency === undefined ? [] : currencyProblem(ctx, c.currency, `${at}.currency`);
    if (c.scope === 'platform' && ctx.owner.scope !== 'platform')
      problems.push({
        field: `${at}.scope`,
        rule: 'platform is only for platform rules',
        kind: 'other',
      });
    return problems;
  },
  js(c, facts, history) {
    const value = keyValueOf(facts, c.key);
    if (value === undefined) return { matched: false, seen: null };
    const q: VelocityQuery = {
      ...velocityShapeOf(c),
      value,
      at: facts.at,
      merchantId: facts.merchantId,
    };
    const total = history.velocity(q) + velocityShareOf(q, facts);
    const limit = c.measure === 'count' ? BigInt(c.value) : amountLimit(c, c.value, c.currency!)!;
    const seen = c.measure === 'count' ? Number(total) : formatAmount(total, c.currency!);
    return { matched: compare(total, c.op, limit), seen };
  },
};
