import { parseAmount } from '@bo/contract';

/**
 * A condition's amount limits in minor units, parsed once per condition: a rule's definition is
 * read once per load of the risk context, but its conditions run for every request it watches
 * (`npm run bench:risk-eval`). Keyed by the condition's own object, so a reloaded rule starts over.
 */
const parsed = new WeakMap<object, Map<string, bigint | null>>();

/** `text` (one of `condition`'s amounts) in `currency`'s minor units; null when not an amount. */
export function amountLimit(condition: object, text: string, currency: string): bigint | null {
  let amounts = parsed.get(condition);
  if (!amounts) parsed.set(condition, (amounts = new Map()));
  const key = `${currency} ${text}`;
  if (!amounts.has(key)) amounts.set(key, parseAmount(text, currency));
  return amounts.get(key)!;
}
