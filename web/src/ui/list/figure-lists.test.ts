import { describe, expect, it } from 'vitest';
import {
  chartDays,
  chartPointDays,
  cellListUrls,
  figureListRoute,
  figureListUrlOfDays,
  monthRateListUrls,
  topVolumeListUrl,
} from './figure-lists';

// 1 December 2026, 20:30 UTC: already the 2nd in Thailand (UTC+7).
const NOW = new Date('2026-12-01T20:30:00Z');

describe('cellListUrls', () => {
  const opens = (
    timeZone: 'Thailand' | 'Default',
    canOpen: (route: string) => boolean = () => true,
  ) => ({
    timeZone,
    canOpen,
  });
  const urls = (...args: Parameters<typeof cellListUrls>) =>
    cellListUrls(...args).map((l) => l.url);

  it('opens the successful rows of the cell’s days in the dashboard’s zone', () => {
    expect(urls('payin', 'today', 'THB', opens('Thailand'), NOW)).toEqual([
      '/transactions?status=success&currency=THB&from=2026-12-02&to=2026-12-02&timeZone=Thailand',
    ]);
    expect(urls('payout', 'yesterday', 'THB', opens('Default'), NOW)).toEqual([
      '/payouts/list?status=success&currency=THB&from=2026-11-30&to=2026-11-30',
    ]);
    expect(urls('payin', 'this_month', 'MYR', opens('Default'), NOW)).toEqual([
      '/transactions?status=success&currency=MYR&from=2026-12-01&to=2026-12-01',
    ]);
  });

  it('opens a settlement’s two lists, bank and wallet, whose totals add up to it', () => {
    expect(cellListUrls('settlement', 'today', 'THB', opens('Thailand'), NOW)).toEqual([
      {
        route: 'settlements',
        url: '/settlement/list?status=completed&currency=THB&from=2026-12-02&to=2026-12-02&timeZone=Thailand',
      },
      {
        route: 'settlementWallet',
        url: '/settlement-wallet/list?status=completed&currency=THB&from=2026-12-02&to=2026-12-02&timeZone=Thailand',
      },
    ]);
    expect(figureListRoute('settlement')).toBeNull();
  });

  it('opens only the lists the viewer may see', () => {
    expect(
      urls(
        'settlement',
        'today',
        'THB',
        opens('Default', () => false),
        NOW,
      ),
    ).toEqual([]);
    const onlyBank = opens('Default', (route) => route === 'settlements');
    expect(cellListUrls('settlement', 'today', 'THB', onlyBank, NOW).map((l) => l.route)).toEqual([
      'settlements',
    ]);
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

describe('a success rate’s counts', () => {
  it('open this UTC month’s successful pay-ins and all of them, in a currency or in every one', () => {
    expect(monthRateListUrls('THB', NOW)).toEqual({
      success: '/transactions?status=success&currency=THB&from=2026-12-01&to=2026-12-01',
      all: '/transactions?currency=THB&from=2026-12-01&to=2026-12-01',
    });
    expect(monthRateListUrls('', NOW)).toEqual({
      success: '/transactions?status=success&from=2026-12-01&to=2026-12-01',
      all: '/transactions?from=2026-12-01&to=2026-12-01',
    });
  });
});
