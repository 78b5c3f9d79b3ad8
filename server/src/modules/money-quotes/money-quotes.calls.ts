import { getMoneyRequestQuote } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { quoteMoneyRequest } from './money-quotes.service';

/** The quote a money request form shows before the user confirms (balance, fee, remaining). */
export function registerMoneyQuoteCalls(registry: CallRegistry): void {
  registry.user(getMoneyRequestQuote, (ctx, input) => quoteMoneyRequest(ctx.db, ctx.actor, input));
}
