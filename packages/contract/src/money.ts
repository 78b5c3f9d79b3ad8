/**
 * Currencies and exact amounts. Amounts live as integer minor units (`bigint`) with one scale
 * per currency; on the wire they are decimal strings in major units. This module is the only
 * place that converts between the two.
 */
const BASE_CURRENCIES = {
  MYR: { name: 'Malaysian Ringgit', scale: 2 },
  INR: { name: 'Indian Rupee', scale: 2 },
  IDR: { name: 'Indonesian Rupiah', scale: 2 },
  VND: { name: 'Vietnamese Dong', scale: 0 },
  BRL: { name: 'Brazilian Real', scale: 2 },
  THB: { name: 'Thai Baht', scale: 2 },
  AUD: { name: 'Australian Dollar', scale: 2 },
  BDT: { name: 'Bangladeshi Taka', scale: 2 },
} as const;

type BaseCode = keyof typeof BASE_CURRENCIES;
export type CurrencyCode = BaseCode | `${BaseCode}_NATIVE` | `${BaseCode}_FOREX` | 'USDT';

export interface CurrencyInfo {
  readonly code: CurrencyCode;
  readonly name: string;
  readonly scale: number;
}

function buildCurrencies(): CurrencyInfo[] {
  const list: CurrencyInfo[] = [];
  for (const [code, info] of Object.entries(BASE_CURRENCIES) as [
    BaseCode,
    (typeof BASE_CURRENCIES)[BaseCode],
  ][]) {
    list.push({ code, name: info.name, scale: info.scale });
    list.push({ code: `${code}_NATIVE`, name: `${info.name} (Native)`, scale: info.scale });
    list.push({ code: `${code}_FOREX`, name: `${info.name} (Forex)`, scale: info.scale });
  }
  list.push({ code: 'USDT', name: 'Tether USD', scale: 6 });
  return list;
}

/** Every currency the product knows, with its fixed scale. */
export const CURRENCIES: readonly CurrencyInfo[] = buildCurrencies();
const BY_CODE = new Map(CURRENCIES.map((c) => [c.code as string, c]));

/** Currencies left out of the dashboard's per-currency cards (spec section 2). */
export const DASHBOARD_EXCLUDED_CURRENCIES: readonly CurrencyCode[] = ['INR_NATIVE', 'IDR_NATIVE'];

export function isCurrencyCode(code: string): code is CurrencyCode {
  return BY_CODE.has(code);
}

/** The currency's info; throws for an unknown code (validate input first). */
export function currencyInfo(code: string): CurrencyInfo {
  const info = BY_CODE.get(code);
  if (!info) throw new Error(`Unknown currency ${code}`);
  return info;
}

const DECIMAL = /^(-)?(\d{1,18})(?:\.(\d+))?$/;

/**
 * Parses a decimal string in major units into minor units. Returns null when the text is not
 * a plain decimal or carries more decimals than the currency's scale (no silent rounding).
 */
export function parseAmount(text: string, code: string): bigint | null {
  const { scale } = currencyInfo(code);
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, sign, whole = '0', frac = ''] = m;
  if (frac.length > scale) {
    if (/[^0]/.test(frac.slice(scale))) return null;
  }
  const fracPadded = frac.slice(0, scale).padEnd(scale, '0');
  const minor = BigInt(whole + fracPadded);
  return sign ? -minor : minor;
}

/** Formats minor units as a decimal string in major units with exactly the currency's scale. */
export function formatAmount(minor: bigint, code: string): string {
  const { scale } = currencyInfo(code);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}
