import { decideAccess, getListTotals } from '@bo/contract';
import { badInput, notAllowed } from '../core/app-error';
import { validate } from './call-steps';
import type { CallRegistry } from './registry';

/**
 * `getListTotals`: like `exportList`, the named list call's rule and request schema are
 * checked as if it were called; then its service adds up every row matching the same filters
 * and scope as its pages (`ListService.totals`).
 */
export function registerListTotalsCall(registry: CallRegistry): void {
  registry.user(getListTotals, async (ctx, input) => {
    const { call, ...fields } = input;
    const list = registry.exportable(call);
    if (!list?.totals) throw badInput(`call must name a list with totals (${call} is not one)`);
    if (decideAccess(list.def.rule, ctx.actor) !== 'allowed') throw notAllowed();
    return list.totals(ctx, validate(list.def.request, fields));
  });
}
