import type { FieldProblem } from '@bo/contract';
import { keyValueOf, type ConditionDef } from '../risk-types';
import { findListInScope } from '../rule-lists';

/** The request's value of a key is on a list (of that key type, in the caller's scope). */
export const inListCondition: ConditionDef<'inList'> = {
  async check(c, ctx, at): Promise<FieldProblem[]> {
    const list = await findListInScope(ctx.db, ctx.actor, c.list);
    if (!list) return [{ field: `${at}.list`, rule: 'names no list you can see', kind: 'other' }];
    if (list.key_type !== c.key)
      return [
        { field: `${at}.key`, rule: `must be the list's key, ${list.key_type}`, kind: 'other' },
      ];
    return [];
  },
  js(c, facts, _history, lookups) {
    const value = keyValueOf(facts, c.key);
    if (value === undefined) return { matched: false, seen: null };
    return { matched: lookups.lists.matches(c.list, c.key, value), seen: value };
  },
};
