import { globalSearch } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { searchEverything } from './search.service';

/** The top bar's global search (any signed-in user; each kind checks its own list's rule). */
export function registerSearchCalls(registry: CallRegistry): void {
  registry.user(globalSearch, (ctx, input) => searchEverything(ctx.db, ctx.actor, input.text));
}
