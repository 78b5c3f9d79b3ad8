import { BALANCE_ACCOUNT_TYPES, type BalanceAccountType } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { PURPOSES, type Purpose } from '../../src/ledger/ledger-accounts';
import { accountTypeOf } from '../../src/modules/admin-reports/admin-balances.service';

/**
 * The test's own naming of every ledger purpose on /balance-reports. A `Record` over the
 * purposes: a new purpose fails the typecheck here as it does in the service.
 */
const EXPECTED: Record<Purpose, BalanceAccountType> = {
  available: 'merchant_available',
  reserved: 'merchant_reserved',
  payout_available: 'merchant_payout_available',
  payout_reserved: 'merchant_payout_reserved',
  usdt_wallet: 'merchant_usdt_wallet',
  disputed: 'merchant_disputed',
  dispute_shortfall: 'merchant_dispute_shortfall',
  commission: 'reseller_commission',
  commission_reserved: 'reseller_commission_reserved',
  platform_fees: 'platform_profit',
  gateway_clearing: 'gateway_clearing',
  bank: 'platform_bank',
  fx_pool: 'fx_pool',
  reconciliation_difference: 'reconciliation_difference',
};

describe('the account type of each ledger purpose on /balance-reports', () => {
  it('names every purpose, each with a type of its own', () => {
    const purposes = Object.keys(PURPOSES) as Purpose[];
    expect(purposes.map((purpose) => accountTypeOf({ purpose }))).toEqual(
      purposes.map((purpose) => EXPECTED[purpose]),
    );
    // No two purposes share a type, and every type of the screen has its purpose.
    expect(new Set(Object.values(EXPECTED)).size).toBe(purposes.length);
    expect([...Object.values(EXPECTED)].sort()).toEqual([...BALANCE_ACCOUNT_TYPES].sort());
  });

  it('counts only the exchange pool as the exchange pool', () => {
    const pooled = (Object.keys(PURPOSES) as Purpose[]).filter(
      (purpose) => accountTypeOf({ purpose }) === 'fx_pool',
    );
    expect(pooled).toEqual(['fx_pool']);
  });

  it('refuses a purpose the ledger does not know instead of counting it elsewhere', () => {
    expect(() => accountTypeOf({ purpose: 'chargeback_hold' as Purpose })).toThrow(
      'ledger purpose chargeback_hold has no balance report account type',
    );
  });
});
