import { describe, expect, it } from 'vitest';
import { figureListRoute, figureListUrl } from './figure-lists';

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
