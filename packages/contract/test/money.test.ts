import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  formatAmount,
  instantOf,
  isSaneInstant,
  parseAmount,
  readAmount,
  readPositiveAmount,
} from '../src';

const NOT_DECIMAL = 'must be a decimal number such as 100.50, without sign, spaces or exponent';

describe('the one amount rule (readAmount)', () => {
  it.each([
    ['10', 'THB', 1000n],
    ['10.5', 'THB', 1050n],
    ['10.50', 'THB', 1050n],
    ['0', 'THB', 0n],
    ['1000', 'VND', 1000n],
    ['1.123456', 'USDT', 1_123_456n],
  ])('reads %s %s', (text, currency, minor) => {
    expect(readAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['10.000', 'THB', 'must have at most 2 decimals in THB'],
    ['10.001', 'THB', 'must have at most 2 decimals in THB'],
    ['100.0', 'VND', 'must have no decimals in VND'],
    ['1.1234560', 'USDT', 'must have at most 6 decimals in USDT'],
    [' 10', 'THB', NOT_DECIMAL],
    ['10 ', 'THB', NOT_DECIMAL],
    ['+10', 'THB', NOT_DECIMAL],
    ['-10', 'THB', NOT_DECIMAL],
    ['1e3', 'THB', NOT_DECIMAL],
    ['1,000', 'THB', NOT_DECIMAL],
    ['10.', 'THB', NOT_DECIMAL],
    ['.5', 'THB', NOT_DECIMAL],
    ['', 'THB', NOT_DECIMAL],
  ])('refuses %j in %s: %s', (text, currency, message) => {
    expect(readAmount(text, currency)).toEqual({ ok: false, message });
  });

  it('refuses, for a money request, zero and what no balance can hold', () => {
    expect(readPositiveAmount('0.00', 'THB')).toEqual({
      ok: false,
      message: 'must be more than zero',
    });
    expect(readPositiveAmount('10000000000000001', 'THB')).toEqual({
      ok: false,
      message: 'is too large',
    });
    expect(readPositiveAmount('10.000', 'THB')).toEqual({
      ok: false,
      message: 'must have at most 2 decimals in THB',
    });
  });

  it('reads back exactly what formatAmount wrote, in every currency, negative too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES.map((c) => c.code)),
        fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
        (currency, minor) => {
          expect(parseAmount(formatAmount(minor, currency), currency)).toBe(minor);
          if (minor >= 0n)
            expect(readAmount(formatAmount(minor, currency), currency).ok).toBe(true);
        },
      ),
    );
  });
});

describe('instants (isSaneInstant)', () => {
  it('accepts the years 2000 to 2999, any day of them, in any zone', () => {
    for (const text of [
      '2000-01-01',
      '2000-01-01T00:00:00Z',
      '2026-11-24 09:30:00+07:00',
      '2999-12-31T23:59:59.999Z',
      '2999-12-31T23:59:59-12:00',
    ])
      expect(isSaneInstant(text), text).toBe(true);
  });

  it('refuses the years around them, where a zone east of UTC leaves year 9999', () => {
    for (const text of [
      '9999-12-31T23:59:59.999Z',
      '3000-01-01',
      '1999-12-31T23:59:59Z',
      '1900-01-01',
      '0999-01-01',
    ])
      expect(isSaneInstant(text), text).toBe(false);
  });
});

describe('the instant a text names (instantOf)', () => {
  it.each([
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T10:15', '2026-03-01T10:15:00.000Z'],
    ['2026-03-01 10:15:30', '2026-03-01T10:15:30.000Z'],
    ['2026-03-01T10:15:30.250Z', '2026-03-01T10:15:30.250Z'],
    ['2026-03-01T10:15:30+05:30', '2026-03-01T04:45:30.000Z'],
    ['2026-03-01T01:00:00-0300', '2026-03-01T04:00:00.000Z'],
  ])('%s is %s (no zone: UTC)', (text, iso) => {
    expect(isSaneInstant(text)).toBe(true);
    expect(instantOf(text).toISOString()).toBe(iso);
  });
});
