import { describe, expect, it } from 'vitest';
import { instantOfLocalTime } from '../../lib/time-zone';
import { presetOf, presetRange, rangeInstants } from './date-presets';

// 2026-11-23 19:00 UTC is already 2026-11-24 00:30 in India (UTC+5:30).
const EVENING_UTC = new Date('2026-11-23T19:00:00Z');

describe('date presets', () => {
  it('counts whole days back from today in the chosen zone', () => {
    expect(presetRange('last1', EVENING_UTC, 'Default')).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    });
    expect(presetRange('last7', EVENING_UTC, 'Default')).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    });
    expect(presetRange('last30', EVENING_UTC, 'Default')).toEqual({
      from: '2026-10-25',
      to: '2026-11-23',
    });
  });

  it('takes today from the zone: India is a day ahead after 18:30 UTC', () => {
    expect(presetRange('last1', EVENING_UTC, 'India')).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
    expect(presetRange('yesterday', EVENING_UTC, 'India')).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    });
    // One minute before India's midnight it is still the 23rd there.
    const before = new Date('2026-11-23T18:29:00Z');
    expect(presetRange('yesterday', before, 'India')).toEqual({
      from: '2026-11-22',
      to: '2026-11-22',
    });
  });

  it('puts yesterday across a month and a year end', () => {
    expect(presetRange('yesterday', new Date('2027-01-01T03:00:00Z'), 'Default')).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
    expect(presetRange('last3', new Date('2026-03-01T12:00:00Z'), 'Default')).toEqual({
      from: '2026-02-27',
      to: '2026-03-01',
    });
  });

  it('gives this month to today and the whole of last month, in the chosen zone', () => {
    expect(presetRange('thisMonth', EVENING_UTC, 'Default')).toEqual({
      from: '2026-11-01',
      to: '2026-11-23',
    });
    expect(presetRange('lastMonth', EVENING_UTC, 'Default')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    // 30 November 20:00 UTC is already 1 December in India: its this month is December.
    const monthEnd = new Date('2026-11-30T20:00:00Z');
    expect(presetRange('thisMonth', monthEnd, 'India')).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(presetRange('lastMonth', monthEnd, 'India')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    // Across a year end, and February of a leap year.
    expect(presetRange('lastMonth', new Date('2027-01-15T12:00:00Z'), 'Default')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('lastMonth', new Date('2028-03-10T12:00:00Z'), 'Default')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('recognises a range as the preset it is today, else none', () => {
    expect(presetOf({ from: '2026-11-17', to: '2026-11-23' }, EVENING_UTC, 'Default')).toBe(
      'last7',
    );
    expect(presetOf({ from: '2026-11-24', to: '2026-11-24' }, EVENING_UTC, 'India')).toBe('last1');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-05' }, EVENING_UTC, 'Default')).toBeNull();
  });
});

describe('range instants', () => {
  it('covers 00:00:00 to 23:59:59 of the days in UTC', () => {
    expect(rangeInstants({ from: '2026-11-22', to: '2026-11-22' }, 'Default')).toEqual({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-22T23:59:59.999Z',
    });
  });

  it('shifts India days by 5:30 (yesterday starts at 18:30 UTC the day before)', () => {
    expect(rangeInstants({ from: '2026-11-22', to: '2026-11-23' }, 'India')).toEqual({
      from: '2026-11-21T18:30:00.000Z',
      to: '2026-11-23T18:29:59.999Z',
    });
  });

  it('follows daylight saving: Sydney is UTC+11 in November, UTC+10 in June', () => {
    expect(rangeInstants({ from: '2026-11-22', to: '2026-11-22' }, 'Australia').from).toBe(
      '2026-11-21T13:00:00.000Z',
    );
    expect(rangeInstants({ from: '2026-06-22', to: '2026-06-22' }, 'Australia').from).toBe(
      '2026-06-21T14:00:00.000Z',
    );
  });

  it('finds the wall-clock instant on a daylight-saving change day', () => {
    // Sydney moves to UTC+11 at 02:00 on 4 October 2026; 03:00 that day is 16:00 UTC the day before.
    expect(
      instantOfLocalTime('2026-10-04', { h: 3, m: 0, s: 0, ms: 0 }, 'Australia').toISOString(),
    ).toBe('2026-10-03T16:00:00.000Z');
  });
});
