import {
  OWNER_MONEY_PURPOSES,
  pathOf,
  type AllCurrencyBalanceRow,
  type BalanceAccountType,
  type BalanceReportRow,
  type EntryPurpose,
} from '@bo/contract';
import { ledgerEntriesUrl, thisUtcMonth } from '../../lib/ledger-entries-link';

/** The balance cells of `/all-currency-balance`: a purpose of the owner's money, or their sum. */
export type OwnerBalanceField = Exclude<
  keyof AllCurrencyBalanceRow,
  'id' | 'account_id' | 'account_db_code' | 'account_name' | 'account_type' | 'currency'
>;

/** The purposes `/all-currency-balance` shows for each owner type (its `total` is their sum). */
const SHOWN_PURPOSES: Record<AllCurrencyBalanceRow['account_type'], readonly EntryPurpose[]> = {
  merchant: ['available', 'reserved', 'payout_available', 'payout_reserved'],
  reseller: OWNER_MONEY_PURPOSES.reseller,
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

/** The `/balance-reports` account types whose owners `/all-currency-balance` lists by column. */
const OWNER_LISTED_TYPES: ReadonlySet<BalanceAccountType> = new Set([
  'merchant_available',
  'merchant_reserved',
  'merchant_payout_available',
  'merchant_payout_reserved',
  'reseller_commission',
  'reseller_commission_reserved',
]);

/**
 * Where a `/balance-reports` balance opens: a sum over many owners' accounts is no one account's
 * entries, so it opens `/all-currency-balance` in its currency, whose column total is the same
 * sum and whose every cell opens its entries (two clicks). Only for the balances now (that
 * screen has no instant) and for the owners' account types it shows; the platform's own
 * accounts, USDT wallets and dispute accounts stay plain.
 */
export function balanceTypeOwnersUrl(
  row: Pick<BalanceReportRow, 'account_type' | 'currency'>,
  at: string | undefined,
): string | null {
  if (at || !OWNER_LISTED_TYPES.has(row.account_type)) return null;
  return `${pathOf('allCurrencyBalance')}?${new URLSearchParams({ currency: row.currency })}`;
}
