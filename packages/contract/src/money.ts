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

/** The most decimals an amount is shown with (spec section 9: amounts show 2 decimals). */
export const AMOUNT_SHOWN_DECIMALS = 2;

/**
 * How many decimals an amount of `code` is shown with (issue 40): its currency's own minor
 * units, never more than the spec's two. VND has none, so "150,000 VND", never a ".00" the
 * API would refuse; an unknown or missing currency shows the spec's two.
 */
export function shownDecimals(code: string | null | undefined): number {
  const info = code ? BY_CODE.get(code) : undefined;
  return info ? Math.min(info.scale, AMOUNT_SHOWN_DECIMALS) : AMOUNT_SHOWN_DECIMALS;
}

/**
 * An amount's text, the one rule of both APIs (back office and merchant API): digits, then
 * optionally a point and decimals; no sign, spaces, exponent or digit grouping. `readAmount`
 * adds the currency's part: at most its scale of decimals.
 */
export const AMOUNT_TEXT = /^\d{1,18}(\.\d+)?$/;
export const AMOUNT_TEXT_MESSAGE =
  'must be a decimal number such as 100.50, without sign, spaces or exponent';

const DECIMAL = /^(-)?(\d{1,18})(?:\.(\d+))?$/;

/**
 * Parses a decimal string in major units into minor units, the inverse of `formatAmount`.
 * Returns null when the text is not a plain decimal (a leading minus aside) or carries more
 * decimals than the currency's scale, even zeros: "10.000" is not a THB amount, and nothing is
 * rounded or trimmed.
 */
export function parseAmount(text: string, code: string): bigint | null {
  const { scale } = currencyInfo(code);
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole = '0', frac = ''] = m;
  if (frac.length > scale) return null;
  const minor = BigInt(whole + frac.padEnd(scale, '0'));
  return sign ? -minor : minor;
}

/** What `readAmount` found: the amount in minor units, or what is wrong, to follow a field name. */
export type AmountReading = { ok: true; minor: bigint } | { ok: false; message: string };

/**
 * Reads an amount sent to either API by the one rule (`AMOUNT_TEXT`, at most the currency's
 * decimals), or says which part it breaks: "must have at most 2 decimals in THB".
 */
export function readAmount(text: string, code: string): AmountReading {
  if (!AMOUNT_TEXT.test(text)) return { ok: false, message: AMOUNT_TEXT_MESSAGE };
  const minor = parseAmount(text, code);
  if (minor !== null) return { ok: true, minor };
  const { scale } = currencyInfo(code);
  const decimals = scale === 0 ? 'no decimals' : `at most ${scale} decimals`;
  return { ok: false, message: `must have ${decimals} in ${code}` };
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
