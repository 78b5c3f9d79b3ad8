import type { ROUTED_BY } from '@bo/contract';
import { notAllowed } from '../../core/app-error';
import type { Actor } from '../../core/context';
import type { FixedCondition } from '../scoped-lists/list-totals';

/**
 * The list condition of `routedBy` (issue 43) on a routed kind's table under `alias`:
 * `fallback` keeps the rows whose routing decision went by fallback. Administrators only, as
 * the decision on a timeline is. A bare condition: the rollups cannot tell it, so the totals
 * add the rows up.
 */
export function routedByConditions(
  input: { readonly routedBy?: (typeof ROUTED_BY)[number] },
  actor: Pick<Actor, 'accountType'>,
  alias: string,
): FixedCondition[] {
  if (input.routedBy === undefined) return [];
  if (actor.accountType !== 'admin')
    throw notAllowed('routedBy: only administrators see how payments were routed');
  return [
    `EXISTS (SELECT 1 FROM routing_decisions rd WHERE rd.ref_id = ${alias}.id AND rd.by_fallback)`,
  ];
}
