import { CURRENCIES, getSupportedCurrency } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { findContractCurrencies } from '../contracts/contracts.service';

/** getSupportedCurrency: every currency for an admin, the contracted ones for the others. */
export function registerCurrencyCalls(registry: CallRegistry): void {
  registry.user(getSupportedCurrency, async (ctx) => {
    if (ctx.actor.accountType === 'admin')
      return CURRENCIES.map((c) => ({ value: c.code, name: c.name }));
    const held = new Set(await findContractCurrencies(ctx.db, ctx.actor));
    return CURRENCIES.filter((c) => held.has(c.code)).map((c) => ({ value: c.code, name: c.name }));
  });
}
