/**
 * Exact comparison of two decimal strings as the API sends amounts ("1234.50", "-0.1"),
 * without going through a JS number (which would round large or long amounts). A missing or
 * malformed amount counts as zero, as the spec shows missing amounts.
 */
export function compareDecimals(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const magnitude = compareMagnitudes(x, y);
  return x.negative ? -magnitude : magnitude;
}

interface ParsedDecimal {
  readonly negative: boolean;
  readonly whole: string;
  readonly fraction: string;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

function parseDecimal(text: string | null | undefined): ParsedDecimal {
  const match = DECIMAL.exec((text ?? '').trim());
  if (!match || (!match[2] && !match[3])) return { negative: false, whole: '', fraction: '' };
  const whole = (match[2] ?? '').replace(/^0+/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  // "-0.00" is zero, and zero has no sign.
  const isZero = whole === '' && fraction === '';
  return { negative: match[1] === '-' && !isZero, whole, fraction };
}

function compareMagnitudes(x: ParsedDecimal, y: ParsedDecimal): number {
  if (x.whole.length !== y.whole.length) return x.whole.length < y.whole.length ? -1 : 1;
  if (x.whole !== y.whole) return x.whole < y.whole ? -1 : 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const fx = x.fraction.padEnd(width, '0');
  const fy = y.fraction.padEnd(width, '0');
  if (fx === fy) return 0;
  return fx < fy ? -1 : 1;
}
