import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import {
  pathOf,
  PROFIT_KINDS,
  type DailyEarningRow,
  type DailyTransactionsRow,
  type DetailedProfitRow,
  type ProfitKind,
  type ProfitReportRow,
} from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import type { en } from '../../i18n/locales/en';
import { CurrencyCode } from '../../ui/currency-code';

type Key = keyof typeof en.reportProfit.columns;
type Figures = Record<string, string | number> & { currency: string };

const label = (t: TFunction) => (key: Key) => t(`reportProfit.columns.${key}`);
const END = { headerClassName: 'text-end', cellClassName: 'text-end' };

const countColumn = <Row extends object>(id: string, header: string) =>
  column<Row>(id, header, (r) => String((r as unknown as Figures)[id] ?? ''), END);
const amountColumn = <Row extends object>(id: string, header: string) =>
  moneyColumn<Row>(
    id,
    header,
    (r) => (r as unknown as Figures)[id] as string | undefined,
    (r) => (r as unknown as Figures).currency,
  );

/** The platform's own figures, which a reseller's answer leaves out (null). */
const PLATFORM_ONLY = /_(gateway_cost|platform_profit)$/;

/**
 * The fee split columns of every profit kind, then their totals; for a reseller without the
 * gateways' cost and the platform's profit.
 */
function profitFigureColumns<Row extends object>(
  t: TFunction,
  isAdmin: boolean,
): ListColumn<Row>[] {
  const c = label(t);
  const columns: ListColumn<Row>[] = [
    countColumn<Row>('payin_count', c('payinCount')),
    amountColumn<Row>('payin_volume', c('payinVolume')),
    amountColumn<Row>('payin_fee', c('payinFee')),
    amountColumn<Row>('payin_gateway_cost', c('payinGatewayCost')),
    amountColumn<Row>('payin_reseller_commission', c('payinCommission')),
    amountColumn<Row>('payin_platform_profit', c('payinProfit')),
    countColumn<Row>('payout_count', c('payoutCount')),
    amountColumn<Row>('payout_volume', c('payoutVolume')),
    amountColumn<Row>('payout_fee', c('payoutFee')),
    amountColumn<Row>('payout_gateway_cost', c('payoutGatewayCost')),
    amountColumn<Row>('payout_reseller_commission', c('payoutCommission')),
    amountColumn<Row>('payout_platform_profit', c('payoutProfit')),
    countColumn<Row>('settlement_count', c('settlementCount')),
    amountColumn<Row>('settlement_volume', c('settlementVolume')),
    amountColumn<Row>('settlement_fee', c('settlementFee')),
    amountColumn<Row>('settlement_reseller_commission', c('settlementCommission')),
    amountColumn<Row>('settlement_platform_profit', c('settlementProfit')),
    countColumn<Row>('refund_count', c('refundCount')),
    amountColumn<Row>('refund_volume', c('refundVolume')),
    amountColumn<Row>('refund_fee', c('refundFee')),
    amountColumn<Row>('refund_reseller_commission', c('refundCommission')),
    amountColumn<Row>('refund_platform_profit', c('refundProfit')),
    countColumn<Row>('dispute_count', c('disputeCount')),
    amountColumn<Row>('dispute_volume', c('disputeVolume')),
    amountColumn<Row>('dispute_fee', c('disputeFee')),
    amountColumn<Row>('dispute_gateway_cost', c('disputeGatewayCost')),
    amountColumn<Row>('dispute_reseller_commission', c('disputeCommission')),
    amountColumn<Row>('dispute_platform_profit', c('disputeProfit')),
    amountColumn<Row>('total_fee', c('totalFee')),
    amountColumn<Row>('total_gateway_cost', c('totalGatewayCost')),
    amountColumn<Row>('total_reseller_commission', c('totalCommission')),
    amountColumn<Row>('total_platform_profit', c('totalProfit')),
  ];
  return isAdmin ? columns : columns.filter((col) => !PLATFORM_ONLY.test(col.id ?? ''));
}

/** /profit-report: the reseller or merchant (a link to its detailed report), currency, figures. */
export function profitReportColumns(t: TFunction, isAdmin: boolean): ListColumn<ProfitReportRow>[] {
  const c = label(t);
  return [
    column<ProfitReportRow>('account_db_code', c(isAdmin ? 'reseller' : 'merchant'), (r) =>
      r.account_id ? (
        <Link
          to={pathOf('detailedProfitReport', { id: r.account_id })}
          data-testid="profit-detail-link"
          title={t('reportProfit.details')}
        >
          <bdi>{r.account_db_code}</bdi> <span className="text-muted">{r.account_name}</span>
        </Link>
      ) : (
        <span className="text-muted">{t('reportProfit.noReseller')}</span>
      ),
    ),
    column<ProfitReportRow>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    ...profitFigureColumns<ProfitReportRow>(t, isAdmin),
  ];
}

/** The detailed report: day, merchant, gateway, currency, figures. */
export function detailedProfitColumns(
  t: TFunction,
  isAdmin: boolean,
): ListColumn<DetailedProfitRow>[] {
  const c = label(t);
  return [
    column<DetailedProfitRow>('day', c('day'), (r) => <bdi className="text-nowrap">{r.day}</bdi>),
    column<DetailedProfitRow>('merchant_db_code', c('merchant'), (r) => (
      <>
        <bdi>{r.merchant_db_code}</bdi> <span className="text-muted">{r.merchant_name}</span>
      </>
    )),
    column<DetailedProfitRow>('gateway_code', c('gateway'), (r) =>
      r.gateway_code ? (
        r.gateway_code
      ) : (
        <span className="text-muted">{t('reportProfit.noGateway')}</span>
      ),
    ),
    column<DetailedProfitRow>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    ...profitFigureColumns<DetailedProfitRow>(t, isAdmin),
  ];
}

/** /daily-transactions-report: day, currency, counts and figures per kind, fees and net. */
export function dailyTransactionsColumns(t: TFunction): ListColumn<DailyTransactionsRow>[] {
  const c = label(t);
  type R = DailyTransactionsRow;
  const kind = (k: ProfitKind) => [
    countColumn<R>(`${k}_count`, c(`${k}All`)),
    countColumn<R>(`${k}_success_count`, c(`${k}Success`)),
    countColumn<R>(`${k}_failed_count`, c(`${k}Failed`)),
    amountColumn<R>(`${k}_volume`, c(`${k}Volume`)),
    amountColumn<R>(`${k}_fee`, c(`${k}Fee`)),
  ];
  return [
    column<R>('day', c('day'), (r) => <bdi className="text-nowrap">{r.day}</bdi>),
    column<R>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    ...PROFIT_KINDS.flatMap(kind),
    amountColumn<R>('total_fee', c('totalFee')),
    amountColumn<R>('available_net', c('availableNet')),
    amountColumn<R>('net', c('net')),
  ];
}

/** /daily-earning-report: day, currency, earning per kind and in all. */
export function dailyEarningColumns(t: TFunction): ListColumn<DailyEarningRow>[] {
  const c = label(t);
  type R = DailyEarningRow;
  return [
    column<R>('day', c('day'), (r) => <bdi className="text-nowrap">{r.day}</bdi>),
    column<R>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    ...PROFIT_KINDS.map((k) => amountColumn<R>(`${k}_earning`, c(`${k}Earning`))),
    amountColumn<R>('earning', c('earning')),
  ];
}
