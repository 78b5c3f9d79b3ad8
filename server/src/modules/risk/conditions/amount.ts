import { formatAmount } from '@bo/contract';
import type { ConditionDef } from '../risk-types';
import { amountLimit } from './amount-limit';
import { compare } from './compare';
import { currencyProblem } from './currency';

/** The request's amount in the condition's currency (another currency never matches). */
export const amountCondition: ConditionDef<'amount'> = {
  check: async (c, ctx, at) => currencyProblem(ctx, c.currency, `${at}.currency`),
  js(c, facts) {
    if (facts.currency !== c.currency) return { matched: false, seen: facts.currency };
    const value = amountLimit(c, c.value, c.currency)!;
    const seen = formatAmount(facts.amount, facts.currency);
    if (c.op !== 'between') return { matched: compare(facts.amount, c.op, value), seen };
    const to = amountLimit(c, c.to!, c.currency)!;
    return { matched: facts.amount >= value && facts.amount <= to, seen };
  },
};
