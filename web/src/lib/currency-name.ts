import type { TFunction } from 'i18next';

const BASE_CODES = ['MYR', 'INR', 'IDR', 'VND', 'BRL', 'THB', 'AUD', 'BDT', 'USDT'] as const;
type BaseCode = (typeof BASE_CODES)[number];
const isBaseCode = (code: string): code is BaseCode =>
  (BASE_CODES as readonly string[]).includes(code);

/**
 * A currency's name in the reader's language ("Thai Baht", "بات تايلاندي"); a `_NATIVE` or
 * `_FOREX` code wraps its base currency's name. A code the product does not know shows as
 * given (`fallback`, else the code), never as a missing translation.
 */
export function currencyNameOf(t: TFunction, code: string, fallback = code): string {
  const [base = '', variant] = code.split('_') as [string, string | undefined];
  if (!isBaseCode(base)) return fallback;
  const name = t(`money.currencyName.${base}`);
  if (variant === undefined) return name;
  if (variant === 'NATIVE') return t('money.currencyName.native', { name });
  if (variant === 'FOREX') return t('money.currencyName.forex', { name });
  return fallback;
}
