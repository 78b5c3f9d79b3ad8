import { describe, expect, it } from 'vitest';
import { balanceTypeLink, ownerBalanceEntriesUrl } from './admin-balance-links';

const NOW = new Date('2026-12-06T08:00:00Z');
const params = (url: string | null) => Object.fromEntries(new URL(url!, 'http://x').searchParams);

describe('ownerBalanceEntriesUrl', () => {
  const merchant = { account_id: 'm-1', account_type: 'merchant' as const, currency: 'THB' };
  const reseller = { account_id: 'r-1', account_type: 'reseller' as const, currency: 'MYR' };

  it('opens the owner’s account of the cell over this UTC month, whose closing is the balance', () => {
    const url = ownerBalanceEntriesUrl(merchant, 'payout_reserved', NOW);
    expect(url).toMatch(/^\/ledger-entries\?/);
    expect(params(url)).toEqual({
      ownerId: 'm-1',
      currency: 'THB',
      from: '2026-12-01',
      to: '2026-12-06',
      timeZone: 'Default',
      purposes: 'payout_reserved',
    });
  });

  it('opens every account the total sums, by owner type', () => {
    expect(params(ownerBalanceEntriesUrl(merchant, 'total', NOW)).purposes).toBe(
      'available,reserved,payout_available,payout_reserved',
    );
    expect(params(ownerBalanceEntriesUrl(reseller, 'total', NOW)).purposes).toBe(
      'commission,commission_reserved',
    );
  });

  it('opens nothing for an account the owner’s type does not hold, or for the totals row', () => {
    expect(ownerBalanceEntriesUrl(merchant, 'commission', NOW)).toBeNull();
    expect(ownerBalanceEntriesUrl(reseller, 'available', NOW)).toBeNull();
    expect(ownerBalanceEntriesUrl({ currency: 'THB' }, 'total', NOW)).toBeNull();
  });
});

describe('balanceTypeLink', () => {
  it('opens the owners of an owner account type now, in its currency, and names its column', () => {
    expect(
      balanceTypeLink({ account_type: 'reseller_commission', currency: 'THB' }, undefined, NOW),
    ).toEqual({
      to: '/all-currency-balance?currency=THB',
      opens: 'owners',
      equals: 'total:commission',
    });
    expect(
      balanceTypeLink({ account_type: 'merchant_payout_reserved', currency: 'MYR' }, undefined, NOW)
        ?.equals,
    ).toBe('total:payout_reserved');
  });

  it('opens a platform account’s entries over this UTC month', () => {
    const link = balanceTypeLink(
      { account_type: 'platform_profit', currency: 'MYR' },
      undefined,
      NOW,
    );
    expect(link?.opens).toBe('entries');
    expect(link?.equals).toBe('closing');
    expect(params(link!.to)).toEqual({
      ownerKind: 'platform',
      currency: 'MYR',
      from: '2026-12-01',
      to: '2026-12-06',
      timeZone: 'Default',
      purposes: 'platform_fees',
    });
    expect(
      params(
        balanceTypeLink({ account_type: 'platform_bank', currency: 'THB' }, undefined, NOW)!.to,
      ).purposes,
    ).toBe('bank');
  });

  it('opens nothing at a past instant, nor for sums no one screen shows', () => {
    const at = '2026-11-30T00:00:00.000Z';
    expect(balanceTypeLink({ account_type: 'merchant_available', currency: 'THB' }, at)).toBeNull();
    expect(balanceTypeLink({ account_type: 'platform_profit', currency: 'THB' }, at)).toBeNull();
    for (const type of ['gateway_clearing', 'merchant_usdt_wallet', 'merchant_disputed'] as const)
      expect(balanceTypeLink({ account_type: type, currency: 'THB' }, undefined)).toBeNull();
  });
});
