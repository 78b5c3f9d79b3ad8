import { describe, expect, it } from 'vitest';
import { isSplitProfitKind, periodScope, profitCellLists, profitListTotalOf } from './profit-lists';

const PERIOD = { from_day: '2026-11-01', to_day: '2026-11-30', time_zone: 'India' as const };
const all = () => true;
const urls = (lists: { url: string }[]) => lists.map((list) => list.url);

describe('profitCellLists', () => {
  it('opens a reseller’s successful pay-ins of the report’s days for a count, volume or fee', () => {
    const scope = { ...periodScope(PERIOD), owner: { resellerDbCode: 'RES00001' } };
    for (const figure of ['count', 'volume', 'fee'])
      expect(urls(profitCellLists('payin', figure, 'THB', scope, all))).toEqual([
        '/transactions?status=success&currency=THB&from=2026-11-01&to=2026-11-30&resellerDbCode=RES00001&timeZone=India',
      ]);
  });

  it('opens a detailed row’s one day, merchant and gateway of pay-outs', () => {
    const scope = {
      days: { from: '2026-11-05', to: '2026-11-05' },
      zone: 'Default' as const,
      owner: { merchantDbCode: 'MER00001' },
      gatewayCode: 'GW-A',
    };
    expect(urls(profitCellLists('payout', 'volume', 'MYR', scope, all))).toEqual([
      '/payouts/list?status=success&currency=MYR&from=2026-11-05&to=2026-11-05&merchantDbCode=MER00001&gatewayCode=GW-A',
    ]);
    // No gateway moves a settlement: a gateway's row has none to open.
    expect(profitCellLists('settlement', 'volume', 'MYR', scope, all)).toEqual([]);
  });

  it('opens a refund’s or dispute’s list at the status the report counts', () => {
    const scope = { ...periodScope(PERIOD), owner: { merchantDbCode: 'MER00001' } };
    expect(urls(profitCellLists('refund', 'count', 'THB', scope, all))).toEqual([
      '/refunds/list?status=succeeded&currency=THB&from=2026-11-01&to=2026-11-30&merchantDbCode=MER00001&timeZone=India',
    ]);
    expect(urls(profitCellLists('dispute', 'volume', 'THB', scope, all))).toEqual([
      '/disputes/list?status=lost&currency=THB&from=2026-11-01&to=2026-11-30&merchantDbCode=MER00001&timeZone=India',
    ]);
  });

  it('opens a settlement’s bank and wallet lists, whose totals add up to it', () => {
    const scope = { ...periodScope(PERIOD), owner: { resellerDbCode: 'RES00001' } };
    const lists = profitCellLists('settlement', 'fee', 'THB', scope, all);
    expect(lists.map((list) => list.route)).toEqual(['settlements', 'settlementWallet']);
    expect(urls(lists)).toEqual([
      '/settlement/list?status=completed&currency=THB&from=2026-11-01&to=2026-11-30&resellerDbCode=RES00001&timeZone=India',
      '/settlement-wallet/list?status=completed&currency=THB&from=2026-11-01&to=2026-11-30&resellerDbCode=RES00001&timeZone=India',
    ]);
    // A detailed day's row of what no gateway moved opens its settlements, and nothing else.
    const noGateway = { ...scope, owner: { merchantDbCode: 'MER00001' }, gatewayCode: null };
    expect(profitCellLists('settlement', 'count', 'THB', noGateway, all)).toHaveLength(2);
    expect(profitCellLists('payin', 'count', 'THB', noGateway, all)).toEqual([]);
    // Only the lists the viewer may open, each from a link of its own (never one alone as
    // the figure's link: its totals are a part of the figure).
    expect([isSplitProfitKind('settlement'), isSplitProfitKind('payin')]).toEqual([true, false]);
    const bankOnly = profitCellLists(
      'settlement',
      'count',
      'THB',
      scope,
      (r) => r === 'settlements',
    );
    expect(bankOnly.map((list) => list.route)).toEqual(['settlements']);
  });

  it('opens the fee split of pay-ins, pay-outs and settlements: their lists’ totals show it', () => {
    const scope = { ...periodScope(PERIOD), owner: { merchantDbCode: 'MER00001' } };
    for (const figure of ['gateway_cost', 'reseller_commission', 'platform_profit']) {
      expect(urls(profitCellLists('payin', figure, 'THB', scope, all))).toEqual(
        urls(profitCellLists('payin', 'count', 'THB', scope, all)),
      );
      expect(profitCellLists('payout', figure, 'THB', scope, all)).toHaveLength(1);
      expect(profitCellLists('settlement', figure, 'THB', scope, all)).toHaveLength(2);
      // A refund's and a dispute's rows keep no split.
      expect(profitCellLists('refund', figure, 'THB', scope, all)).toEqual([]);
      expect(profitCellLists('dispute', figure, 'THB', scope, all)).toEqual([]);
    }
  });

  it('opens an adjustment’s approved list for its count, volume and platform profit, never on a row that may be a reseller’s own', () => {
    const scope = { ...periodScope(PERIOD), owner: { resellerDbCode: 'RES00001' } };
    for (const figure of ['count', 'volume', 'platform_profit'])
      expect(urls(profitCellLists('adjustment', figure, 'THB', scope, all))).toEqual([
        '/balance-adjustments/list?status=approved&currency=THB&from=2026-11-01&to=2026-11-30&resellerDbCode=RES00001&timeZone=India',
      ]);
    // A detailed report's row: a merchant's opens; the report's own account's may be a
    // reseller's (its commission adjustments), which no merchant filter names.
    const row = {
      days: { from: '2026-11-05', to: '2026-11-05' },
      zone: 'Default' as const,
      owner: { merchantDbCode: 'MER00001' },
      gatewayCode: null,
    };
    expect(profitCellLists('adjustment', 'volume', 'THB', row, all)).toHaveLength(1);
    const own = { ...row, owner: { merchantDbCode: 'RES00001' }, ownAccount: true };
    expect(profitCellLists('adjustment', 'volume', 'THB', own, all)).toEqual([]);
    expect(profitCellLists('settlement', 'volume', 'THB', own, all)).toHaveLength(2);
    // A gateway's row has no adjustments; an administrator's list only.
    expect(
      profitCellLists('adjustment', 'count', 'THB', { ...row, gatewayCode: 'GW-A' }, all),
    ).toEqual([]);
    const reseller = (r: string) => r !== 'balanceAdjustments';
    expect(profitCellLists('adjustment', 'count', 'THB', scope, reseller)).toEqual([]);
  });

  it('opens nothing for a figure of no list, a kind of no list, a totals row, or no right', () => {
    const scope = periodScope(PERIOD);
    expect(profitCellLists('payin', 'success_rate', 'THB', scope, all)).toEqual([]);
    expect(profitCellLists('refund', 'fee', 'THB', scope, all)).toEqual([]);
    expect(profitCellLists('dispute', 'fee', 'THB', scope, all)).toEqual([]);
    expect(profitCellLists('payin', 'volume', 'THB', null, all)).toEqual([]);
    expect(profitCellLists('payin', 'volume', 'THB', scope, (r) => r !== 'payins')).toEqual([]);
  });
});

describe('profitListTotalOf', () => {
  it('names the list total a profit figure is: a volume its amount, the rest their own', () => {
    expect(profitListTotalOf('payin', 'count')).toBe('count');
    expect(profitListTotalOf('payin', 'volume')).toBe('amount');
    expect(profitListTotalOf('payout', 'fee')).toBe('fee');
    expect(profitListTotalOf('settlement', 'platform_profit')).toBe('platform_profit');
  });

  it("an adjustment's platform profit is its list's amount negated; no list shows a refund's fee", () => {
    expect(profitListTotalOf('adjustment', 'platform_profit')).toBe('amount_negated');
    expect(profitListTotalOf('adjustment', 'volume')).toBe('amount');
    expect(profitListTotalOf('refund', 'fee')).toBeNull();
    expect(profitListTotalOf('dispute', 'platform_profit')).toBeNull();
  });
});
