import {
  ALL_CURRENCY_PURPOSES,
  OWNER_MONEY_PURPOSES,
  pathOf,
  type AllCurrencyBalanceRow,
  type BalanceAccountType,
  type BalanceReportRow,
  type EntryPurpose,
  type FigureTotal,
} from '@bo/contract';
import { ledgerEntriesUrl, thisUtcMonth } from '../../lib/ledger-entries-link';

/** The purposes of `held` that `/all-currency-balance` has a column of. */
function shownOf(held: readonly EntryPurpose[]): readonly EntryPurpose[] {
  const shown: readonly string[] = ALL_CURRENCY_PURPOSES;
  return held.filter((purpose) => shown.includes(purpose));
}

/** The balance cells of `/all-currency-balance`: a purpose of the owner's money, or their sum. */
export type OwnerBalanceField = Exclude<
  keyof AllCurrencyBalanceRow,
  'id' | 'account_id' | 'account_db_code' | 'account_name' | 'account_type' | 'currency'
>;

/**
 * The purposes `/all-currency-balance` shows that each owner type holds (its `total` is their
 * sum): the screen's columns (`ALL_CURRENCY_PURPOSES`) of the type's money.
 */
const SHOWN_PURPOSES: Record<AllCurrencyBalanceRow['account_type'], readonly EntryPurpose[]> = {
  merchant: shownOf(OWNER_MONEY_PURPOSES.merchant),
  reseller: shownOf(OWNER_MONEY_PURPOSES.reseller),
};

/**
 * The entries view behind one balance of `/all-currency-balance` (issue 44): the owner's
 * account(s) of that purpose over this UTC month, whose closing is the balance now. A purpose
 * the owner's type does not hold (a merchant's commission, always zero) and the totals row
 * (no owner) open nothing.
 */
export function ownerBalanceEntriesUrl(
  row: Partial<Pick<AllCurrencyBalanceRow, 'account_id' | 'account_type'>> &
    Pick<AllCurrencyBalanceRow, 'currency'>,
  field: OwnerBalanceField,
  now = new Date(),
): string | null {
  if (!row.account_id || !row.account_type) return null;
  const held = SHOWN_PURPOSES[row.account_type];
  const purposes = field === 'total' ? held : held.filter((p) => p === field);
  if (!purposes.length) return null;
  return ledgerEntriesUrl({
    ownerId: row.account_id,
    currency: row.currency,
    period: thisUtcMonth(now),
    purposes,
  });
}

/**
 * The `/balance-reports` account types whose owners `/all-currency-balance` lists, and the
 * column whose total is the type's balance.
 */
const OWNER_LISTED_TYPES: Partial<Record<BalanceAccountType, OwnerBalanceField>> = {
  merchant_available: 'available',
  merchant_reserved: 'reserved',
  merchant_payout_available: 'payout_available',
  merchant_payout_reserved: 'payout_reserved',
  reseller_commission: 'commission',
  reseller_commission_reserved: 'commission_reserved',
};

/** The platform's own accounts of `/balance-reports`: one account per currency each. */
const PLATFORM_PURPOSES: Partial<Record<BalanceAccountType, EntryPurpose>> = {
  platform_profit: 'platform_fees',
  platform_bank: 'bank',
  fx_pool: 'fx_pool',
  reconciliation_difference: 'reconciliation_difference',
};

/**
 * Where a `/balance-reports` balance opens, whether that is its owners or its entries, and
 * which total there the balance is.
 */
export interface BalanceTypeLink {
  readonly to: string;
  readonly opens: 'owners' | 'entries';
  readonly equals: FigureTotal;
}

/**
 * Where a `/balance-reports` balance opens (now only: the other screens have no instant). A sum
 * over many owners' accounts is no one account's entries: it opens `/all-currency-balance` in
 * its currency, whose column total is the same sum and whose every cell opens its entries (two
 * clicks). A platform account opens its entries over this UTC month, whose closing it is. The
 * gateways' clearing (a sum over gateways; `/pg-currency-balance` opens each), the USDT wallets
 * and the dispute accounts stay plain.
 */
export function balanceTypeLink(
  row: Pick<BalanceReportRow, 'account_type' | 'currency'>,
  at: string | undefined,
  now = new Date(),
): BalanceTypeLink | null {
  if (at) return null;
  const column = OWNER_LISTED_TYPES[row.account_type];
  if (column) {
    const query = new URLSearchParams({ currency: row.currency });
    return {
      to: `${pathOf('allCurrencyBalance')}?${query}`,
      opens: 'owners',
      equals: `total:${column}`,
    };
  }
  const purpose = PLATFORM_PURPOSES[row.account_type];
  if (!purpose) return null;
  const to = ledgerEntriesUrl({
    ownerKind: 'platform',
    currency: row.currency,
    period: thisUtcMonth(now),
    purposes: [purpose],
  });
  return { to, opens: 'entries', equals: 'closing' };
}
