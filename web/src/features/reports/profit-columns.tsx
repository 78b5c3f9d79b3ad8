import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import {
  pathOf,
  PLATFORM_PROFIT_FIGURES,
  PROFIT_KINDS,
  PROFIT_TOTAL_FIGURES,
  profitFiguresShown,
  transactionFiguresShown,
  type TRANSACTION_FIGURES,
  type DailyEarningRow,
  type DailyTransactionsRow,
  type DetailedProfitRow,
  type GatewayProfitRow,
  type ProfitFigure,
  type ProfitKind,
  type ProfitReportRow,
  type RouteId,
} from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import type { en } from '../../i18n/locales/en';
import { CurrencyCode } from '../../ui/currency-code';
import { FigureLink } from '../../ui/figure-link';
import { moneyText } from '../../ui/list/money-text';
import {
  isSplitProfitKind,
  profitCellLists,
  profitListTotalOf,
  type ProfitCellScope,
} from './profit-lists';
import { SplitListLinks } from '../../ui/list/split-list-links';

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

/** The header word of each profit figure of a kind (`payinVolume`, `refundCommission`…). */
const FIGURE_WORDS = {
  volume: 'Volume',
  fee: 'Fee',
  gateway_cost: 'GatewayCost',
  reseller_commission: 'Commission',
  platform_profit: 'Profit',
} as const satisfies Record<ProfitFigure, string>;
/** The header word of each transaction figure of a kind (`payinAll`, `payinSuccess`…). */
const TRANSACTION_WORDS = {
  count: 'All',
  success_count: 'Success',
  failed_count: 'Failed',
  volume: 'Volume',
  fee: 'Fee',
} as const satisfies Record<(typeof TRANSACTION_FIGURES)[number], string>;
/** The totals' header words. */
const TOTAL_WORDS = {
  fee: 'totalFee',
  gateway_cost: 'totalGatewayCost',
  reseller_commission: 'totalCommission',
  platform_profit: 'totalProfit',
} as const satisfies Record<(typeof PROFIT_TOTAL_FIGURES)[number], Key>;

/**
 * A kind's header word of a figure it shows (`profitFiguresShown`, `transactionFiguresShown`):
 * a figure always zero for a kind has no column and no word (report-column-maps.test.ts finds
 * every column's word in every language).
 */
const kindWord = (kind: ProfitKind, word: string) => `${kind}${word}` as Key;

const isPlatformOnly = (id: string) => PLATFORM_PROFIT_FIGURES.some((f) => id.endsWith(`_${f}`));

/**
 * Which transactions a profit row's cells count (issue 44), and the routes the viewer may
 * open: a count, volume or fee of a kind whose lists' totals it is opens them (`profitCellLists`).
 */
export interface ProfitOpens<Row> {
  readonly scopeOf: (row: Row) => ProfitCellScope | null;
  readonly canOpen: (route: RouteId) => boolean;
}

/**
 * A profit kind's figure column: plain, or opening the list whose totals it is; `id` is the
 * row's field when it is not `{kind}_{figure}` (the daily transactions' `payin_success_count`).
 */
function kindFigureColumn<Row extends object>(
  t: TFunction,
  kind: ProfitKind,
  figure: 'count' | ProfitFigure,
  header: string,
  opens: ProfitOpens<Row> | undefined,
  id = `${kind}_${figure}`,
): ListColumn<Row> {
  const plain = figure === 'count' ? countColumn<Row>(id, header) : amountColumn<Row>(id, header);
  const total = profitListTotalOf(kind, figure);
  if (!opens || !total) return plain;
  return column<Row>(
    id,
    header,
    (r) => {
      const row = r as unknown as Figures;
      const value = row[id];
      const shown =
        figure === 'count' ? String(value ?? '') : moneyText(value as string, row.currency);
      const lists = profitCellLists(kind, figure, row.currency, opens.scopeOf(r), opens.canOpen);
      // One list's totals are the figure: it opens that list. Two lists' add up to it (a
      // settlement's bank and wallet): the figure stays plain, each list's link below it.
      const split = isSplitProfitKind(kind);
      return (
        <>
          <FigureLink
            to={split ? null : (lists[0]?.url ?? null)}
            open={t('reportProfit.openTransactions', { figure: header })}
            shown={shown}
            equals={total}
            figure={id}
          />
          {split && <SplitListLinks lists={lists} figure={header} figureId={id} equals={total} />}
        </>
      );
    },
    { headerClassName: 'text-end', cellClassName: 'text-end text-nowrap' },
  );
}

/**
 * The fee split columns of every profit kind (the figures it has, from the registry), then
 * their totals; for a reseller without the gateways' cost and the platform's profit. With
 * `opens`, the figures a list's totals show open that list.
 */
function profitFigureColumns<Row extends object>(
  t: TFunction,
  isAdmin: boolean,
  opens?: ProfitOpens<Row>,
): ListColumn<Row>[] {
  const c = label(t);
  const columns: ListColumn<Row>[] = [
    ...PROFIT_KINDS.flatMap((kind) => [
      kindFigureColumn<Row>(t, kind, 'count', c(`${kind}Count`), opens),
      ...profitFiguresShown(kind).map((f) =>
        kindFigureColumn<Row>(t, kind, f, c(kindWord(kind, FIGURE_WORDS[f])), opens),
      ),
    ]),
    ...PROFIT_TOTAL_FIGURES.map((f) => amountColumn<Row>(`total_${f}`, c(TOTAL_WORDS[f]))),
  ];
  return isAdmin ? columns : columns.filter((col) => !isPlatformOnly(col.id ?? ''));
}

/** /profit-report: the reseller or merchant (a link to its detailed report), currency, figures. */
export function profitReportColumns(
  t: TFunction,
  isAdmin: boolean,
  opens?: ProfitOpens<ProfitReportRow>,
): ListColumn<ProfitReportRow>[] {
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
    ...profitFigureColumns<ProfitReportRow>(t, isAdmin, opens),
  ];
}

/** The detailed report: day, merchant, gateway, currency, figures. */
export function detailedProfitColumns(
  t: TFunction,
  isAdmin: boolean,
  opens?: ProfitOpens<DetailedProfitRow>,
): ListColumn<DetailedProfitRow>[] {
  const c = label(t);
  return [
    column<DetailedProfitRow>('day', c('day'), (r) => <bdi className="text-nowrap">{r.day}</bdi>),
    column<DetailedProfitRow>('merchant_db_code', c('merchant'), (r) => (
      <>
        <bdi>{r.merchant_db_code}</bdi> <span className="text-muted">{r.merchant_name}</span>
      </>
    )),
    gatewayColumn<DetailedProfitRow>(t),
    column<DetailedProfitRow>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
    ...profitFigureColumns<DetailedProfitRow>(t, isAdmin, opens),
  ];
}

/** A row's gateway, or "None" for what no gateway moves. */
function gatewayColumn<Row extends { gateway_code: string }>(t: TFunction): ListColumn<Row> {
  return column<Row>('gateway_code', label(t)('gateway'), (r) =>
    r.gateway_code ? (
      <bdi>{r.gateway_code}</bdi>
    ) : (
      <span className="text-muted">{t('reportProfit.noGateway')}</span>
    ),
  );
}

/** /profit-report/by-gateway (admins): gateway, currency, every figure and the platform's. */
export function gatewayProfitColumns(t: TFunction): ListColumn<GatewayProfitRow>[] {
  return [
    gatewayColumn<GatewayProfitRow>(t),
    column<GatewayProfitRow>('currency', label(t)('currency'), (r) => (
      <CurrencyCode code={r.currency} />
    )),
    ...profitFigureColumns<GatewayProfitRow>(t, true),
  ];
}

/** The profit figure a daily transactions figure is (its successful rows'), if any. */
const COUNTED_FIGURE: Partial<
  Record<(typeof TRANSACTION_FIGURES)[number], 'count' | ProfitFigure>
> = { success_count: 'count', volume: 'volume', fee: 'fee' };

/**
 * /daily-transactions-report: day, currency, counts and figures per kind, fees and net. With
 * `opens`, a day's successful count, volume and fee open the list whose totals they are (as a
 * profit cell's); every count and the failed ones stay plain (several statuses).
 */
export function dailyTransactionsColumns(
  t: TFunction,
  opens?: ProfitOpens<DailyTransactionsRow>,
): ListColumn<DailyTransactionsRow>[] {
  const c = label(t);
  type R = DailyTransactionsRow;
  const kind = (k: ProfitKind) =>
    transactionFiguresShown(k).map((f) => {
      const header = c(kindWord(k, TRANSACTION_WORDS[f]));
      const counted = COUNTED_FIGURE[f];
      if (counted) return kindFigureColumn<R>(t, k, counted, header, opens, `${k}_${f}`);
      return countColumn<R>(`${k}_${f}`, header);
    });
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
