import Decimal from 'decimal.js';
import type { TimezoneChoice } from './accounts';
import { shownDecimals } from './money';

/**
 * Display formats of spec section 9. Amounts come as decimal strings (the wire format) and are
 * formatted exactly, never through a JS number. A missing or empty amount shows as zero.
 */
type AmountInput = string | bigint | null | undefined;

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function toDecimal(value: AmountInput): Decimal {
  if (value === null || value === undefined || value === '') return new D(0);
  try {
    return new D(typeof value === 'bigint' ? value.toString() : value.trim());
  } catch {
    return new D(0);
  }
}

function group(fixed: string): string {
  const [whole = '0', frac] = fixed.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}

/**
 * "1,234.50": the decimals of `currency` (`shownDecimals`: two, none for VND, two when no
 * currency is named), rounded half up, thousands grouped.
 */
export function formatMoney(value: AmountInput, currency?: string | null): string {
  return group(toDecimal(value).toFixed(shownDecimals(currency)));
}

/** Compact displays drop a ".00": "1,234" but "1,234.50". */
export function formatMoneyCompact(value: AmountInput, currency?: string | null): string {
  const text = formatMoney(value, currency);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * The spec's other format: round to 4 decimals, truncate to 2, then show 2 to 4 decimals
 * (so, after the truncation, always 2): 1.23996 → 1.2400 → "1.24"; 1.23456 → "1.23".
 */
export function formatMoneyTruncated(value: AmountInput): string {
  const rounded = toDecimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const truncated = rounded.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const decimals = Math.min(4, Math.max(2, truncated.decimalPlaces()));
  return group(truncated.toFixed(decimals));
}

/** "1.23K" from 1,000 and "4.56M" from 1,000,000, two decimals; smaller amounts as formatMoney. */
export function formatMoneyShort(value: AmountInput): string {
  const amount = toDecimal(value);
  const size = amount.abs();
  if (size.gte(1e6)) return `${amount.div(1e6).toFixed(2)}M`;
  if (size.gte(1e3)) return `${amount.div(1e3).toFixed(2)}K`;
  return formatMoney(amount.toFixed());
}

/**
 * Success percentage: success / total × 100 with 2 decimals, "0.00" when not computable
 * (no total), and never above 100.
 */
export function successPercent(successCount: number | bigint, totalCount: number | bigint): string {
  const total = new D(totalCount.toString());
  if (total.lte(0)) return '0.00';
  const percent = new D(successCount.toString()).mul(100).div(total);
  return D.min(percent, 100).toFixed(2);
}

/** The percentage as shown: "97.50%". */
export function formatPercent(percent: string | null | undefined): string {
  const value = toDecimal(percent ?? '0');
  return `${D.min(value, 100).toFixed(2)}%`;
}

/** A count as shown everywhere: whole, thousands grouped ("2,040"); never as money or percent. */
export function formatCount(count: number | bigint): string {
  return group(typeof count === 'bigint' ? count.toString() : new D(Math.trunc(count)).toFixed(0));
}

/** The most decimals a rate is kept with (USDT rates are stored × 10^8). */
export const RATE_MAX_DECIMALS = 8;

/**
 * An exchange rate as shown: exact from its decimal text, thousands grouped, two decimals or
 * as many more as the rate has (up to 8): "16,200.00", "34.50", "3.395". Money's two decimals
 * would show 3.395 as 3.40, another rate.
 */
export function formatRate(rate: AmountInput): string {
  const value = toDecimal(rate).toDecimalPlaces(RATE_MAX_DECIMALS, Decimal.ROUND_HALF_UP);
  return group(value.toFixed(Math.max(2, value.decimalPlaces())));
}

/** Country time zones of spec section 9, by the lower-case names the spec uses. */
export const COUNTRY_TIME_ZONES = {
  india: 'Asia/Kolkata',
  malaysia: 'Asia/Kuala_Lumpur',
  vietnam: 'Asia/Ho_Chi_Minh',
  thailand: 'Asia/Bangkok',
  brazil: 'America/Sao_Paulo',
  australia: 'Australia/Sydney',
} as const;
export type Country = keyof typeof COUNTRY_TIME_ZONES;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD HH:mm:ss" of `date` in an IANA zone; one formatter per zone, reused. */
export function formatInZone(date: Date, timeZone: string): string {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/**
 * A date shown in a country's local time as "YYYY-MM-DD HH:mm:ss". An unknown country fails
 * with 'Invalid country' (spec section 8).
 */
export function formatDateInCountry(date: Date | string, country: string): string {
  const timeZone = (COUNTRY_TIME_ZONES as Record<string, string>)[country.toLowerCase()];
  if (!timeZone) throw new Error('Invalid country');
  return formatInZone(typeof date === 'string' ? new Date(date) : date, timeZone);
}

/** The IANA zone of a time zone choice (Default is UTC). */
export function ianaZoneOf(choice: TimezoneChoice): string {
  if (choice === 'Default') return 'UTC';
  return COUNTRY_TIME_ZONES[choice.toLowerCase() as Country];
}

/** "YYYY-MM-DD HH:mm:ss" in the chosen zone: Default is UTC, the others the country's zone. */
export function formatInTimeZone(date: Date | string, choice: TimezoneChoice): string {
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (choice === 'Default') return instant.toISOString().slice(0, 19).replace('T', ' ');
  return formatInZone(instant, ianaZoneOf(choice));
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe inside HTML, in an element or an attribute: the one rule for the server's
 * mails and the back office's readable statement copy.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
