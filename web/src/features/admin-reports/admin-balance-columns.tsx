import type { TFunction } from 'i18next';
import type { AllCurrencyBalanceRow, BalanceReportRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import type { en } from '../../i18n/locales/en';
import { CurrencyCode } from '../../ui/currency-code';

type Key = keyof typeof en.adminReports.columns;
const END = { headerClassName: 'text-end', cellClassName: 'text-end' };

/** /balance-reports: account type, currency, accounts, balance. */
export function balanceReportColumns(t: TFunction): ListColumn<BalanceReportRow>[] {
  const c = (key: Key) => t(`adminReports.columns.${key}`);
  return [
    column<BalanceReportRow>('account_type', c('accountType'), (r) =>
      t(`adminReports.accountTypes.${r.account_type}`),
    ),
    column<BalanceReportRow>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    column<BalanceReportRow>('accounts', c('accounts'), (r) => String(r.accounts), END),
    moneyColumn<BalanceReportRow>(
      'balance',
      c('balance'),
      (r) => r.balance,
      (r) => r.currency,
    ),
  ];
}

type R = AllCurrencyBalanceRow;
const amount = (id: keyof R & string, header: string) =>
  moneyColumn<R>(
    id,
    header,
    (r) => r[id] as string,
    (r) => r.currency,
  );

/** /all-currency-balance: the tenant, its type, currency, balances by purpose and total. */
export function allCurrencyBalanceColumns(t: TFunction): ListColumn<R>[] {
  const c = (key: Key) => t(`adminReports.columns.${key}`);
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
