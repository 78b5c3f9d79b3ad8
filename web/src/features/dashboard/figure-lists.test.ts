import { describe, expect, it } from 'vitest';
import {
  chartDays,
  chartPointDays,
  figureListRoute,
  figureListUrl,
  figureListUrlOfDays,
  topVolumeListUrl,
} from './figure-lists';

// 1 December 2026, 20:30 UTC: already the 2nd in Thailand (UTC+7).
const NOW = new Date('2026-12-01T20:30:00Z');

describe('figureListUrl', () => {
  it('opens the successful rows of the cell’s days in the dashboard’s zone', () => {
    expect(figureListUrl('payin', 'today', 'THB', 'Thailand', NOW)).toBe(
      '/transactions?status=success&currency=THB&from=2026-12-02&to=2026-12-02&timeZone=Thailand',
    );
    expect(figureListUrl('payout', 'yesterday', 'THB', 'Default', NOW)).toBe(
      '/payouts/list?status=success&currency=THB&from=2026-11-30&to=2026-11-30',
    );
    expect(figureListUrl('payin', 'this_month', 'MYR', 'Default', NOW)).toBe(
      '/transactions?status=success&currency=MYR&from=2026-12-01&to=2026-12-01',
    );
  });

  it('opens nothing for a settlement, whose figures span two lists', () => {
    expect(figureListRoute('settlement')).toBeNull();
    expect(figureListUrl('settlement', 'today', 'THB', 'Default', NOW)).toBeNull();
  });
});

describe('the chart’s points and totals', () => {
  it('a point counts its day, or its month to the month’s last day; an hour opens nothing', () => {
    expect(chartPointDays('7D', '2026-12-02')).toEqual({ from: '2026-12-02', to: '2026-12-02' });
    expect(chartPointDays('1M', '2026-11-03')).toEqual({ from: '2026-11-03', to: '2026-11-03' });
    expect(chartPointDays('1Y', '2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(chartPointDays('1Y', '2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(chartPointDays('1Y', '2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(chartPointDays('1D', '12-02 13:00')).toBeNull();
  });

  it('the totals count from the first point’s first day to the last point’s last', () => {
    expect(chartDays('7D', ['2026-11-26', '2026-11-27', '2026-12-02'])).toEqual({
      from: '2026-11-26',
      to: '2026-12-02',
    });
    expect(chartDays('1Y', ['2026-01', '2026-12'])).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(chartDays('1D', ['12-01 14:00', '12-02 13:00'])).toBeNull();
    expect(chartDays('1M', [])).toBeNull();
  });

  it('opens the successful rows of those days in the zone', () => {
    expect(
      figureListUrlOfDays('payout', { from: '2026-11-03', to: '2026-12-02' }, 'THB', 'India'),
    ).toBe(
      '/payouts/list?status=success&currency=THB&from=2026-11-03&to=2026-12-02&timeZone=India',
    );
    expect(
      figureListUrlOfDays('settlement', { from: '2026-11-03', to: '2026-12-02' }, 'THB', 'India'),
    ).toBeNull();
  });
});

describe('a top-10 row’s volume', () => {
  it('opens its owner’s successful pay-ins of this UTC month', () => {
    expect(topVolumeListUrl({ merchantDbCode: 'MER00001' }, 'THB', NOW)).toBe(
      '/transactions?status=success&currency=THB&from=2026-12-01&to=2026-12-01&merchantDbCode=MER00001',
    );
    expect(topVolumeListUrl({ resellerDbCode: 'RES00001' }, 'MYR', NOW)).toBe(
      '/transactions?status=success&currency=MYR&from=2026-12-01&to=2026-12-01&resellerDbCode=RES00001',
    );
  });
});
