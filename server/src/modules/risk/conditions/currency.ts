import type { FieldProblem } from '@bo/contract';
import type { CheckContext, ConditionDef } from '../risk-types';

/** A currency the caller may name, or the problem naming `field`. */
export function currencyProblem(ctx: CheckContext, code: string, field: string): FieldProblem[] {
  if (ctx.currencies.has(code)) return [];
  return [{ field, rule: 'is not a currency of your contracts', kind: 'other' }];
}

/** The request's currency is one of these. */
export const currencyCondition: ConditionDef<'currency'> = {
  check: async (c, ctx, at) =>
    c.in.flatMap((code, i) => currencyProblem(ctx, code, `${at}.in[${i}]`)),
  js: (c, facts) => ({
    matched: (c.in as readonly string[]).includes(facts.currency),
    seen: facts.currency,
  }),
};
