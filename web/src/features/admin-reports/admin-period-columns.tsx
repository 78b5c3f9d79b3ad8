import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathOf, type ContractLedgerSummaryRow, type EarningsReportRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import type { en } from '../../i18n/locales/en';
import { CurrencyCode } from '../../ui/currency-code';

type Key = keyof typeof en.adminReports.columns;
const END = { headerClassName: 'text-end', cellClassName: 'text-end' };

const amount = <Row extends { currency: string }>(id: keyof Row & string, header: string) =>
  moneyColumn<Row>(
    id,
    header,
    (r) => r[id] as string,
    (r) => r.currency,
  );

/** /earnings-report: day, currency, gateway, count, fees, gateway cost, commission, earnings. */
export function earningsColumns(t: TFunction): ListColumn<EarningsReportRow>[] {
  const c = (key: Key) => t(`adminReports.columns.${key}`);
  type R = EarningsReportRow;
  return [
    column<R>('day', c('day'), (r) => <span className="text-nowrap">{r.day}</span>),
    column<R>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    column<R>('gateway_code', c('gateway'), (r) => r.gateway_code || t('adminReports.noGateway')),
    column<R>('count', c('count'), (r) => String(r.count), END),
    amount<R>('fee', c('fee')),
    amount<R>('gateway_cost', c('gatewayCost')),
    amount<R>('reseller_commission', c('resellerCommission')),
    amount<R>('earnings', c('earnings')),
  ];
}

/** /contract-ledger-summary: the contract (a link to its ledger), merchant, figures. */
export function contractSummaryColumns(t: TFunction): ListColumn<ContractLedgerSummaryRow>[] {
  const c = (key: Key) => t(`adminReports.columns.${key}`);
  type R = ContractLedgerSummaryRow;
  return [
    column<R>('merchant_db_code', c('contract'), (r) => (
      <Link
        to={pathOf('contractAccLedgerById', { id: r.contract_id })}
        className="text-nowrap"
        data-testid="contract-ledger-link"
        title={t('adminReports.openLedger')}
      >
        <bdi>{r.merchant_db_code}</bdi> <span className="text-muted">{r.merchant_name}</span>
      </Link>
    )),
    column<R>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    amount<R>('opening', c('opening')),
    amount<R>('credits', c('credits')),
    amount<R>('debits', c('debits')),
    amount<R>('fees', c('fees')),
    amount<R>('closing', c('closing')),
  ];
}
