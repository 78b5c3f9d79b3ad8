import type { TFunction } from 'i18next';
import type { AllCurrencyBalanceRow, BalanceReportRow } from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import type { en } from '../../i18n/locales/en';
import { CurrencyCode } from '../../ui/currency-code';
import { figureColumn } from '../../ui/list/figure-column';
import {
  balanceTypeLink,
  ownerBalanceEntriesUrl,
  type OwnerBalanceField,
} from './admin-balance-links';

type Key = keyof typeof en.adminReports.columns;
const END = { headerClassName: 'text-end', cellClassName: 'text-end' };

/**
 * /balance-reports: account type, currency, accounts, balance. A balance now opens the owners
 * that hold it or the platform account's entries (`balanceTypeLink`); `at` is the instant.
 */
export function balanceReportColumns(
  t: TFunction,
  at: string | undefined,
): ListColumn<BalanceReportRow>[] {
  const c = (key: Key) => t(`adminReports.columns.${key}`);
  return [
    column<BalanceReportRow>('account_type', c('accountType'), (r) =>
      t(`adminReports.accountTypes.${r.account_type}`),
    ),
    column<BalanceReportRow>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    column<BalanceReportRow>('accounts', c('accounts'), (r) => String(r.accounts), END),
    // A totals row has no account type: its sum opens nothing.
    figureColumn<BalanceReportRow>(
      'balance',
      c('balance'),
      (r) => r.balance,
      (r) => r.currency,
      (r) => (r.account_type ? balanceTypeLink(r, at)?.to : null) ?? null,
      (r) =>
        r.account_type && balanceTypeLink(r, at)?.opens === 'owners'
          ? t('adminReports.openOwners')
          : t('reportLedgers.entries.open', { figure: c('balance') }),
      (r) => (r.account_type ? balanceTypeLink(r, at)?.equals : null) ?? 'closing',
    ),
  ];
}

type R = AllCurrencyBalanceRow;

/**
 * /all-currency-balance: the tenant, its type, currency, balances by purpose and total. With
 * `opensEntries` (the viewer may open /ledger-entries) each owner's balance opens its entries.
 */
export function allCurrencyBalanceColumns(t: TFunction, opensEntries: boolean): ListColumn<R>[] {
  const c = (key: Key) => t(`adminReports.columns.${key}`);
  const amount = (id: OwnerBalanceField, header: string) =>
    figureColumn<R>(
      id,
      header,
      (r) => r[id],
      (r) => r.currency,
      (r) => (opensEntries ? ownerBalanceEntriesUrl(r, id) : null),
      t('reportLedgers.entries.open', { figure: header }),
      'closing',
    );
  return [
    column<R>('account_db_code', c('account'), (r) => (
      <span className="text-nowrap">
        <bdi>{r.account_db_code}</bdi> <span className="text-muted">{r.account_name}</span>
      </span>
    )),
    column<R>('account_type', c('type'), (r) => t(`adminReports.tenantTypes.${r.account_type}`)),
    column<R>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    amount('available', c('available')),
    amount('reserved', c('reserved')),
    amount('payout_available', c('payoutAvailable')),
    amount('payout_reserved', c('payoutReserved')),
    amount('commission', c('commission')),
    amount('commission_reserved', c('commissionReserved')),
    amount('total', c('total')),
  ];
}
