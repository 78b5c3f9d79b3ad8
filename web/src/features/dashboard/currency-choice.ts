/** The all-countries choice of the 'Current Overview' selector (spec section 4). */
export const ALL_CURRENCIES = '-';

/** The currency the dashboard opens with: THB when offered, else the first, else all. */
export function defaultCurrencyOf(options: readonly { value: string }[]): string {
  if (options.some((o) => o.value === 'THB')) return 'THB';
  return options[0]?.value ?? ALL_CURRENCIES;
}
