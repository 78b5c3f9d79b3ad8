/**
 * Reading one statement cell by its column map: amounts into minor units (exact, never
 * through a float), times into instants in the map's zone, status words into their meaning.
 * Each returns null for a cell it cannot read; the reader names the line and column.
 */
import { formatInZone } from '@bo/contract';
import type { ColumnMap } from './column-map';

/** The largest amount a `bigint` column holds. */
const MAX_MINOR = 2n ** 63n - 1n;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of a decimal amount with these separators, compiled once per pair (a statement
 * reads a million amounts with the same map): the whole part, then the decimals.
 */
const decimalPatterns = new Map<string, RegExp>();
function decimalPattern(thousands: string, decimal: string): RegExp {
  const key = thousands + '\u0000' + decimal;
  let pattern = decimalPatterns.get(key);
  if (!pattern) {
    const t = escape(thousands);
    const whole = t ? `\\d{1,3}(?:${t}\\d{3})*|\\d+` : '\\d+';
    pattern = new RegExp(`^(${whole})(?:${escape(decimal)}(\\d+))?$`);
    decimalPatterns.set(key, pattern);
  }
  return pattern;
}

const MINOR = /^\d{1,19}$/;

/**
 * Minor units of an amount cell: whole minor units ('123456'), or a decimal in major units with
 * the map's separators ('1.234,56'), thousands groups of exactly three digits; a sign in front
 * is kept. More decimals than the currency has, or none where it has them, are still exact:
 * '12,5' is 1250 at scale 2; '12,345' at scale 2 is refused.
 */
export function readAmountCell(cell: string, map: ColumnMap, scale: number): bigint | null {
  const text = cell.trim();
  const first = text.charCodeAt(0);
  const negative = first === 45; // -
  const body = negative || first === 43 ? text.slice(1) : text; // - or +
  let minor: bigint;
  if (map.amountFormat === 'minor') {
    if (!MINOR.test(body)) return null;
    minor = BigInt(body);
  } else {
    const m = decimalPattern(map.thousandsSeparator, map.decimalSeparator).exec(body);
    if (!m) return null;
    const whole = m[1]!;
    const digits = map.thousandsSeparator ? whole.split(map.thousandsSeparator).join('') : whole;
    const frac = m[2] ?? '';
    if (frac.length > scale || digits.length > 19) return null;
    minor = BigInt(frac.length === scale ? digits + frac : digits + frac.padEnd(scale, '0'));
  }
  if (minor > MAX_MINOR) return null;
  return negative ? -minor : minor;
}

/** The offset from UTC, in minutes, of a fixed zone ('UTC', '+07:00', '-0330'); else null. */
function readFixedOffset(zone: string): number | null {
  if (zone === 'UTC' || zone === 'Z') return 0;
  const m = /^(?:UTC)?([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** `readFixedOffset`, once per zone (every time cell of a statement asks). */
const fixedOffsets = new Map<string, number | null>();
function fixedOffsetMinutes(zone: string): number | null {
  let offset = fixedOffsets.get(zone);
  if (offset === undefined) {
    offset = readFixedOffset(zone);
    if (fixedOffsets.size < 100) fixedOffsets.set(zone, offset);
  }
  return offset;
}

/** Whether `zone` is one `readTimeCell` can read times in. */
export function isKnownZone(zone: string): boolean {
  if (fixedOffsetMinutes(zone) !== null) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The offset of an IANA zone at the instant `utcMs`, in minutes. */
function zoneOffsetAt(zone: string, utcMs: number): number {
  const wall = formatInZone(new Date(utcMs), zone).replace(' ', 'T') + 'Z';
  return Math.round((Date.parse(wall) - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DMY = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The instant of a time cell written in the map's format and zone; null when unreadable. */
export function readTimeCell(cell: string, map: ColumnMap): Date | null {
  const text = cell.trim();
  const m = (map.timeFormat === 'dmy' ? DMY : YMD).exec(text);
  if (!m) return null;
  const [y, mo, d] = map.timeFormat === 'dmy' ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const calendar = new Date(wall);
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (year < 2000 || year > 2999) return null;
  return instantOfWall(wall, map.timeZone);
}

/** The instant a wall time (its fields read as if UTC, in ms) is in `zone`. */
function instantOfWall(wall: number, zone: string): Date {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return new Date(wall - fixed * 60_000);
  // The wall time less the zone's offset, the offset read again at the result (DST edges).
  const first = wall - zoneOffsetAt(zone, wall) * 60_000;
  return new Date(wall - zoneOffsetAt(zone, first) * 60_000);
}

/** Days from Excel's day 0 (1899-12-30, its 1900 leap-year slip included) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/**
 * The instant of a spreadsheet's date-time number (Excel's 1900 day numbering: 46353.5 is
 * 2026-11-27 12:00) as a wall time in the map's zone, to the nearest second; null outside the
 * years 2000 to 2999.
 */
export function readSerialTimeCell(cell: string, map: ColumnMap): Date | null {
  const text = cell.trim();
  if (!/^\d+(?:\.\d+)?$/.test(text)) return null;
  const seconds = Math.round((Number(text) - EXCEL_EPOCH_DAYS) * 86_400);
  const wall = seconds * 1000;
  const year = new Date(wall).getUTCFullYear();
  if (!Number.isFinite(wall) || year < 2000 || year > 2999) return null;
  return instantOfWall(wall, map.timeZone);
}
