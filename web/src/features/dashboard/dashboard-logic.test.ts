import { describe, expect, it } from 'vitest';
import type { CurrencyReportRow } from '@bo/contract';
import {
  cardCellOf,
  currenciesWithoutFigures,
  hasFigures,
  isShownOnDashboard,
  trendClass,
  trendOf,
} from './card-figures';
import { compareDecimals } from './compare-decimals';
import { ALL_CURRENCIES, defaultCurrencyOf } from './currency-choice';
import { loginIpNoticeDue } from './login-ip-notice-rule';
import { formatInTimeZone } from '../../lib/time-zone';
import { durationParts } from './time-zone';

describe('compareDecimals', () => {
  it('orders decimal strings exactly', () => {
    expect(compareDecimals('10.5', '9.99')).toBe(1);
    expect(compareDecimals('9.99', '10.5')).toBe(-1);
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('0012.3', '12.30')).toBe(0);
    expect(compareDecimals('-1', '0')).toBe(-1);
    expect(compareDecimals('-2', '-10')).toBe(1);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('.5', '0.49')).toBe(1);
  });

  it('tells apart amounts a JS number cannot', () => {
    expect(compareDecimals('9007199254740993.01', '9007199254740993.00')).toBe(1);
    expect(compareDecimals('0.30000000000000000001', '0.3')).toBe(1);
  });

  it('reads missing or malformed amounts as zero', () => {
    expect(compareDecimals('', '0')).toBe(0);
    expect(compareDecimals(undefined, '0.01')).toBe(-1);
    expect(compareDecimals('abc', null)).toBe(0);
  });
});

describe('the today-against-yesterday colour', () => {
  it('is green above, red below, plain when equal', () => {
    expect(trendOf('100.01', '100.00')).toBe('up');
    expect(trendOf('99.99', '100')).toBe('down');
    expect(trendOf('100.00', '100')).toBe('flat');
    expect(trendOf(3, 2)).toBe('up');
    expect(trendOf(0, 12)).toBe('down');
    expect(trendClass('up')).toBe('text-success');
    expect(trendClass('down')).toBe('text-danger');
    expect(trendClass('flat')).toBe('');
  });
});

describe('currency cards', () => {
  it('leave out INR_NATIVE and IDR_NATIVE only', () => {
    expect(isShownOnDashboard('INR_NATIVE')).toBe(false);
    expect(isShownOnDashboard('IDR_NATIVE')).toBe(false);
    expect(isShownOnDashboard('INR')).toBe(true);
    expect(isShownOnDashboard('THB_NATIVE')).toBe(true);
  });

  const row = {
    payin_today_success_count: 3,
    payin_today_total_count: 4,
    payin_today_volume: '1234.5',
    payout_today_success_count: 0,
    payout_today_total_count: 0,
    payout_today_volume: '0',
    settlement_today_success_count: 7,
    settlement_today_total_count: 6,
    settlement_today_volume: '10',
  } as unknown as CurrencyReportRow;

  it('show the success count, the volume and success / total × 100 with 2 decimals', () => {
    expect(cardCellOf(row, 'payin', 'today')).toEqual({
      count: 3,
      volume: '1234.5',
      successRate: '75.00%',
    });
  });

  it('show 0 when the rate is not computable and 100% when above 100', () => {
    expect(cardCellOf(row, 'payout', 'today').successRate).toBe('0.00%');
    expect(cardCellOf(row, 'settlement', 'today').successRate).toBe('100.00%');
  });
});

describe('a merchant’s currencies with no figures yet', () => {
  const zeros = (currency: string, patch: Record<string, unknown> = {}) =>
    ({
      id: currency,
      merchant_db_code: 'M1',
      currency,
      balance: '0.00',
      payin_pending_count: 0,
      payin_today_success_count: 0,
      payin_today_volume: '0.00',
      ...patch,
    }) as unknown as CurrencyReportRow;

  it('a row of zeros has none; a count, a volume, a pending item or a balance is one', () => {
    expect(hasFigures(zeros('THB'))).toBe(false);
    expect(hasFigures(zeros('THB', { payin_pending_count: 1 }))).toBe(true);
    expect(hasFigures(zeros('THB', { payin_today_success_count: 2 }))).toBe(true);
    expect(hasFigures(zeros('THB', { payin_today_volume: '0.01' }))).toBe(true);
    expect(hasFigures(zeros('THB', { balance: '-5.00' }))).toBe(true);
  });

  it('are the traded currencies without a row or with a row of zeros, cards left out', () => {
    const rows = [zeros('MYR', { balance: '10.00' }), zeros('THB')];
    expect(currenciesWithoutFigures(rows, ['MYR', 'THB', 'VND'])).toEqual(['THB', 'VND']);
    expect(currenciesWithoutFigures(rows, ['MYR'])).toEqual([]);
    expect(currenciesWithoutFigures([], ['INR_NATIVE', 'INR'])).toEqual(['INR']);
  });
});

describe('defaultCurrencyOf', () => {
  it('picks THB when offered, else the first, else all countries', () => {
    const of = (...codes: string[]) => codes.map((value) => ({ value, name: value }));
    expect(defaultCurrencyOf(of('MYR', 'THB', 'VND'))).toBe('THB');
    expect(defaultCurrencyOf(of('MYR', 'VND'))).toBe('MYR');
    expect(defaultCurrencyOf([])).toBe(ALL_CURRENCIES);
    expect(ALL_CURRENCIES).toBe('-');
  });
});

describe('loginIpNoticeDue', () => {
  const before = Date.parse('2025-04-15T03:59:59Z');
  const at = Date.parse('2025-04-15T04:00:00Z');

  it('shows to merchants without login-IP whitelisting before 15 April 2025 04:00 UTC', () => {
    expect(loginIpNoticeDue({ accountType: 'merchant', loginIpEnabled: 0, now: before })).toBe(
      'due',
    );
  });

  it('stops at the deadline, whether or not the state is known', () => {
    expect(loginIpNoticeDue({ accountType: 'merchant', loginIpEnabled: 0, now: at })).toBe('none');
    expect(loginIpNoticeDue({ accountType: 'merchant', loginIpEnabled: undefined, now: at })).toBe(
      'none',
    );
  });

  it('never shows to whitelisted merchants or to the others', () => {
    expect(loginIpNoticeDue({ accountType: 'merchant', loginIpEnabled: 1, now: before })).toBe(
      'none',
    );
    expect(loginIpNoticeDue({ accountType: 'reseller', loginIpEnabled: 0, now: before })).toBe(
      'none',
    );
  });

  it("waits for a merchant's state before the deadline", () => {
    expect(
      loginIpNoticeDue({ accountType: 'merchant', loginIpEnabled: undefined, now: before }),
    ).toBe('pending');
  });
});

describe('time zones', () => {
  const instant = new Date('2026-03-01T20:30:05Z');

  it('shows Default as UTC and the others in the country zone', () => {
    expect(formatInTimeZone(instant, 'Default')).toBe('2026-03-01 20:30:05');
    expect(formatInTimeZone(instant, 'Malaysia')).toBe('2026-03-02 04:30:05');
    expect(formatInTimeZone(instant, 'India')).toBe('2026-03-02 02:00:05');
    expect(formatInTimeZone(instant, 'Brazil')).toBe('2026-03-01 17:30:05');
  });

  it('splits durations into days and a clock', () => {
    expect(durationParts(5)).toEqual({ days: 0, clock: '00:00:05' });
    expect(durationParts(3_725)).toEqual({ days: 0, clock: '01:02:05' });
    expect(durationParts(2 * 86_400 + 61)).toEqual({ days: 2, clock: '00:01:01' });
    expect(durationParts(-3)).toEqual({ days: 0, clock: '00:00:00' });
  });
});
