import { describe, expect, it } from 'vitest';
import { periodScope, profitCellListUrl } from './profit-lists';

const PERIOD = { from_day: '2026-11-01', to_day: '2026-11-30', time_zone: 'India' as const };
const all = () => true;

describe('profitCellListUrl', () => {
  it('opens a reseller’s successful pay-ins of the report’s days for a count, volume or fee', () => {
    const scope = { ...periodScope(PERIOD), owner: { resellerDbCode: 'RES00001' } };
    for (const figure of ['count', 'volume', 'fee'])
      expect(profitCellListUrl('payin', figure, 'THB', scope, all)).toBe(
        '/transactions?status=success&currency=THB&from=2026-11-01&to=2026-11-30&resellerDbCode=RES00001&timeZone=India',
      );
  });

  it('opens a detailed row’s one day, merchant and gateway of pay-outs', () => {
    const scope = {
      days: { from: '2026-11-05', to: '2026-11-05' },
      zone: 'Default' as const,
      owner: { merchantDbCode: 'MER00001' },
      gatewayCode: 'GW-A',
    };
    expect(profitCellListUrl('payout', 'volume', 'MYR', scope, all)).toBe(
      '/payouts/list?status=success&currency=MYR&from=2026-11-05&to=2026-11-05&merchantDbCode=MER00001&gatewayCode=GW-A',
    );
  });

  it('opens a refund’s or dispute’s list at the status the report counts', () => {
    const scope = { ...periodScope(PERIOD), owner: { merchantDbCode: 'MER00001' } };
    expect(profitCellListUrl('refund', 'count', 'THB', scope, all)).toBe(
      '/refunds/list?status=succeeded&currency=THB&from=2026-11-01&to=2026-11-30&merchantDbCode=MER00001&timeZone=India',
    );
    expect(profitCellListUrl('dispute', 'volume', 'THB', scope, all)).toBe(
      '/disputes/list?status=lost&currency=THB&from=2026-11-01&to=2026-11-30&merchantDbCode=MER00001&timeZone=India',
    );
  });

  it('opens nothing for the fee split, a kind of two lists or none, a totals row, or no right', () => {
    const scope = periodScope(PERIOD);
    expect(profitCellListUrl('payin', 'reseller_commission', 'THB', scope, all)).toBeNull();
    expect(profitCellListUrl('payin', 'platform_profit', 'THB', scope, all)).toBeNull();
    expect(profitCellListUrl('settlement', 'volume', 'THB', scope, all)).toBeNull();
    expect(profitCellListUrl('refund', 'fee', 'THB', scope, all)).toBeNull();
    expect(profitCellListUrl('dispute', 'fee', 'THB', scope, all)).toBeNull();
    expect(profitCellListUrl('adjustment', 'volume', 'THB', scope, all)).toBeNull();
    expect(profitCellListUrl('payin', 'volume', 'THB', null, all)).toBeNull();
    expect(profitCellListUrl('payin', 'volume', 'THB', scope, (r) => r !== 'payins')).toBeNull();
  });
});
