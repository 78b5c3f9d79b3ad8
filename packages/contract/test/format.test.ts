import { describe, expect, it } from 'vitest';
import {
  formatDateInCountry,
  formatMoney,
  formatMoneyCompact,
  formatMoneyShort,
  formatMoneyTruncated,
  formatCount,
  formatPercent,
  formatRate,
  successPercent,
} from '../src/format';
import { shownDecimals } from '../src/money';

describe('amount formats (spec section 9)', () => {
  it('shows two decimals, grouped, rounded half up, exactly', () => {
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatMoney('0.005')).toBe('0.01');
    expect(formatMoney('-1234567.125')).toBe('-1,234,567.13');
    expect(formatMoney('90071992547409931.99')).toBe('90,071,992,547,409,931.99');
    expect(formatMoney(123n)).toBe('123.00');
  });

  it('shows missing amounts as zero', () => {
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney('')).toBe('0.00');
    expect(formatMoneyCompact(undefined)).toBe('0');
    expect(formatMoneyShort(null)).toBe('0.00');
  });

  it("drops '.00' in compact displays only", () => {
    expect(formatMoneyCompact('1234.00')).toBe('1,234');
    expect(formatMoneyCompact('1234.5')).toBe('1,234.50');
    expect(formatMoneyCompact('0.001')).toBe('0');
  });

  it('rounds to 4 then truncates to 2, showing 2 to 4 decimals', () => {
    expect(formatMoneyTruncated('1.23456')).toBe('1.23');
    expect(formatMoneyTruncated('1.23996')).toBe('1.24');
    expect(formatMoneyTruncated('1.239949')).toBe('1.23');
    expect(formatMoneyTruncated('7')).toBe('7.00');
    expect(formatMoneyTruncated('-2.56789')).toBe('-2.56');
  });

  it('shows K from 1e3 and M from 1e6 with two decimals', () => {
    expect(formatMoneyShort('999.99')).toBe('999.99');
    expect(formatMoneyShort('1000')).toBe('1.00K');
    expect(formatMoneyShort('1234.56')).toBe('1.23K');
    expect(formatMoneyShort('999999')).toBe('1000.00K');
    expect(formatMoneyShort('1000000')).toBe('1.00M');
    expect(formatMoneyShort('2345678901')).toBe('2345.68M');
    expect(formatMoneyShort('-1500')).toBe('-1.50K');
  });
});

describe("an amount in its currency's minor units (issue 40)", () => {
  it('shows a currency without minor units (VND) with no decimals, others with two', () => {
    expect(formatMoney('150000', 'VND')).toBe('150,000');
    expect(formatMoney('150000', 'VND_FOREX')).toBe('150,000');
    expect(formatMoney('1234.5', 'THB')).toBe('1,234.50');
    expect(formatMoney('1234.5', 'MYR_NATIVE')).toBe('1,234.50');
    // The spec's two decimals stay the most shown (USDT keeps six minor units on the wire).
    expect(formatMoney('12.345678', 'USDT')).toBe('12.35');
    // No currency, or one the product does not know: the spec's two decimals.
    expect(formatMoney('150000')).toBe('150,000.00');
    expect(formatMoney('1.5', 'XYZ')).toBe('1.50');
    expect(shownDecimals('VND')).toBe(0);
    expect(shownDecimals('IDR')).toBe(2);
  });
});

describe('success percentage', () => {
  it('is success / total x 100 with 2 decimals', () => {
    expect(successPercent(1, 3)).toBe('33.33');
    expect(successPercent(2, 3)).toBe('66.67');
    expect(successPercent(97n, 100n)).toBe('97.00');
  });

  it('is 0 when not computable and never above 100', () => {
    expect(successPercent(0, 0)).toBe('0.00');
    expect(successPercent(5, 0)).toBe('0.00');
    expect(successPercent(12, 10)).toBe('100.00');
    expect(formatPercent('123.4')).toBe('100.00%');
    expect(formatPercent('45.678')).toBe('45.68%');
    expect(formatPercent(undefined)).toBe('0.00%');
  });
});

describe('one formatter for each kind of number', () => {
  it('counts: whole and grouped', () => {
    expect(formatCount(2040)).toBe('2,040');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12_081n)).toBe('12,081');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });

  it('rates: exact, grouped, with the decimals each rate needs', () => {
    expect(formatRate('16200')).toBe('16,200.00');
    expect(formatRate('34.50000000')).toBe('34.50');
    expect(formatRate('3.395')).toBe('3.395');
    expect(formatRate('0.00004210')).toBe('0.0000421');
    expect(formatRate('25400.123456789')).toBe('25,400.12345679');
  });
});

describe('dates in a country time zone', () => {
  const instant = '2026-03-01T18:30:00Z';
  it.each([
    ['india', '2026-03-02 00:00:00'],
    ['malaysia', '2026-03-02 02:30:00'],
    ['vietnam', '2026-03-02 01:30:00'],
    ['thailand', '2026-03-02 01:30:00'],
    ['brazil', '2026-03-01 15:30:00'],
    ['australia', '2026-03-02 05:30:00'],
  ])('converts to %s', (country, expected) => {
    expect(formatDateInCountry(instant, country)).toBe(expected);
  });

  it("fails with 'Invalid country' for an unknown country", () => {
    expect(() => formatDateInCountry(instant, 'atlantis')).toThrow('Invalid country');
  });
});
