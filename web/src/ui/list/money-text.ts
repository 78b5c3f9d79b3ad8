import { formatMoney } from '@bo/contract';

/**
 * An amount as a list shows it: the server's exact decimal string through the contract's
 * formatter (never a JS number), followed by its currency code when there is one.
 */
export function moneyText(amount: string | null | undefined, currency?: string | null): string {
  const formatted = formatMoney(amount, currency);
  return currency ? `${formatted} ${currency}` : formatted;
}
