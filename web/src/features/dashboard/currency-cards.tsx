import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../ui/list/table-scroll';
import {
  DASHBOARD_KINDS,
  DASHBOARD_PERIODS,
  formatMoney,
  parseAmount,
  pathOf,
  type CurrencyReportRow,
  type DashboardKind,
  type DashboardPeriod,
  type FigureTotal,
  formatCount,
} from '@bo/contract';
import {
  cardCellOf,
  currenciesWithoutFigures,
  isShownOnDashboard,
  trendClass,
  trendOf,
  type Trend,
} from './card-figures';
import { FirstStepsCard } from './first-steps-card';
import type { DashboardViewer } from './use-dashboard-viewer';
import { CurrencyCode } from '../../ui/currency-code';
import { FigureLink } from '../../ui/figure-link';
import { ledgerEntriesUrl, thisUtcMonth } from '../../lib/ledger-entries-link';
import { cellListUrls, figureListRoute, type FigureOpens } from '../../ui/list/figure-lists';
import { SplitListLinks } from '../../ui/list/split-list-links';

const KIND_LABEL = { payin: 'payIn', payout: 'payOut', settlement: 'settlement' } as const;
const PERIOD_LABEL = {
  today: ['todayShort', 'today'],
  yesterday: ['yesterdayShort', 'yesterday'],
  this_month: ['thisMonthShort', 'thisMonth'],
} as const;

/**
 * The per-currency cards: Pay In, Pay Out and Settlement by TD, YD and TM with count and volume
 * (and the success rate for admins), today coloured against yesterday, the balance below.
 */
export function CurrencyCards({
  rows,
  kinds,
  balanceLabel,
  showSuccessRate,
  firstSteps,
  opens,
}: {
  rows: readonly CurrencyReportRow[];
  /**
   * Each figure opens what it is made of (issue 44), where the viewer may open it: a count and
   * volume the list that counts them, a merchant's own balance its entries. Absent when the
   * figures are no list's (they leave out demo merchants the lists show).
   */
  opens?: FigureOpens;
  /** A merchant's own balance, or the sum of the merchants' balances in scope. */
  balanceLabel: string;
  /** The kinds the viewer's modules cover (the server zeroes the others). */
  kinds: readonly DashboardKind[];
  showSuccessRate: boolean;
  /**
   * A merchant's: the currencies it trades. Those with no figures yet show what to do next
   * instead of a card of zeros.
   */
  firstSteps?: { traded: readonly string[]; canOpen: DashboardViewer['canOpen'] };
}) {
  const { t } = useTranslation();
  const empty = firstSteps ? currenciesWithoutFigures(rows, firstSteps.traded) : [];
  const shown = rows.filter(
    (row) => isShownOnDashboard(row.currency) && !empty.includes(row.currency),
  );
  if (shown.length + empty.length === 0) {
    return (
      <div className="card">
        <div className="card-body text-center text-muted py-4" data-testid="no-currency-cards">
          {t('dashboard.noCurrencyFigures')}
        </div>
      </div>
    );
  }
  const columns = shown.length + empty.length === 1 ? 'col-12' : 'col-xl-6';
  return (
    <div className="row g-3 mb-4" data-testid="currency-cards">
      {shown.map((row) => (
        <div key={row.id} className={columns}>
          <CurrencyCard
            row={row}
            kinds={kinds}
            balanceLabel={balanceLabel}
            showSuccessRate={showSuccessRate}
            opens={opens}
          />
        </div>
      ))}
      {empty.map((currency) => (
        <div key={currency} className={columns}>
          <FirstStepsCard currency={currency} canOpen={firstSteps!.canOpen} />
        </div>
      ))}
    </div>
  );
}

function CurrencyCard({
  row,
  kinds,
  balanceLabel,
  showSuccessRate,
  opens,
}: {
  row: CurrencyReportRow;
  kinds: readonly DashboardKind[];
  balanceLabel: string;
  showSuccessRate: boolean;
  opens: FigureOpens | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="card currency-card h-100 mb-0" data-testid={`currency-card-${row.currency}`}>
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="currency-code" data-testid="currency-code">
          <CurrencyCode code={row.currency} />
        </span>
        {kinds.length === DASHBOARD_KINDS.length && (
          <span className="text-muted small">
            {t('dashboard.pendingSummary', {
              payin: row.payin_pending_count,
              payout: row.payout_pending_count,
              settlement: row.settlement_pending_count,
            })}
          </span>
        )}
      </div>
      <TableScroll label={row.currency}>
        <table className="table currency-table mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col" className="period-col">
                <span className="visually-hidden">{t('dashboard.thisMonth')}</span>
              </th>
              {kinds.map((kind) => (
                <th key={kind} scope="col" className="text-end">
                  {t(`dashboard.${KIND_LABEL[kind]}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DASHBOARD_PERIODS.map((period) => (
              <tr key={period}>
                <th scope="row" className="period-col">
                  <abbr title={t(`dashboard.${PERIOD_LABEL[period][1]}`)}>
                    {t(`dashboard.${PERIOD_LABEL[period][0]}`)}
                  </abbr>
                </th>
                {kinds.map((kind) => (
                  <FigureCell
                    key={kind}
                    row={row}
                    kind={kind}
                    period={period}
                    showSuccessRate={showSuccessRate}
                    opens={opens}
                  />
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <BalanceRow
              label={balanceLabel}
              amount={row.balance}
              currency={row.currency}
              span={kinds.length}
              testId="card-balance"
              opens={opens && balanceOpens(row.currency, opens)}
            />
            {(parseAmount(row.dispute_owed, row.currency) ?? 0n) > 0n && (
              <BalanceRow
                label={t('dashboard.disputeOwed')}
                amount={row.dispute_owed}
                currency={row.currency}
                span={kinds.length}
                testId="card-dispute-owed"
                className="text-danger-emphasis"
              />
            )}
          </tfoot>
        </table>
      </TableScroll>
    </div>
  );
}

/**
 * What a card's balance opens (issue 44): a merchant's own, its available account's entries
 * (their closing); an administrator's, a sum over every merchant, `/all-currency-balance` in
 * the currency, whose available column it totals (each owner's cell there opens its entries);
 * a reseller's, a sum over its merchants, nothing it may open.
 */
function balanceOpens(currency: string, opens: FigureOpens) {
  if (opens.balanceIsOwn)
    return opens.canOpen('ledgerEntries')
      ? {
          to: ledgerEntriesUrl({ currency, period: thisUtcMonth(), purposes: ['available'] }),
          equals: 'closing' as const,
          title: 'dashboard.openEntries' as const,
        }
      : null;
  if (!opens.canOpen('allCurrencyBalance')) return null;
  const query = new URLSearchParams({ currency });
  return {
    to: `${pathOf('allCurrencyBalance')}?${query}`,
    equals: 'total:available' as const,
    title: 'dashboard.openOwners' as const,
  };
}

/** A money line under a card's figures: its balance, and what disputes left owed. */
function BalanceRow(props: {
  label: string;
  amount: string;
  currency: string;
  span: number;
  testId: string;
  className?: string;
  /** What the balance opens, and which total there it is; none: shown plain. */
  opens?: {
    to: string;
    equals: FigureTotal;
    title: 'dashboard.openEntries' | 'dashboard.openOwners';
  } | null;
}) {
  const { t } = useTranslation();
  return (
    <tr className="balance-row">
      {/* The colour on the cells: a table cell sets its own, which a row's would not reach. */}
      <th scope="row" className={props.className}>
        {props.label}
      </th>
      <td
        colSpan={props.span}
        className={`text-end fw-semibold ${props.className ?? ''}`}
        data-testid={props.testId}
      >
        <FigureLink
          to={props.opens?.to ?? null}
          open={t(props.opens?.title ?? 'dashboard.openEntries', { figure: props.label })}
          shown={formatMoney(props.amount, props.currency)}
          equals={props.opens?.equals ?? 'closing'}
        />{' '}
        <span className="text-muted">{props.currency}</span>
      </td>
    </tr>
  );
}

function FigureCell({
  row,
  kind,
  period,
  showSuccessRate,
  opens,
}: {
  row: CurrencyReportRow;
  kind: DashboardKind;
  period: DashboardPeriod;
  showSuccessRate: boolean;
  opens: FigureOpens | undefined;
}) {
  const { t } = useTranslation();
  const cell = cardCellOf(row, kind, period);
  const lists = opens ? cellListUrls(kind, period, row.currency, opens) : [];
  // One list's figure opens from the volume; a settlement's two lists each from a link below.
  const list = figureListRoute(kind) ? (lists[0]?.url ?? null) : null;
  const split = figureListRoute(kind) ? [] : lists;
  const figureName = `${t(`dashboard.${KIND_LABEL[kind]}`)} ${t(`dashboard.${PERIOD_LABEL[period][1]}`)}`;
  let countTrend: Trend = 'flat';
  let volumeTrend: Trend = 'flat';
  if (period === 'today') {
    const yesterday = cardCellOf(row, kind, 'yesterday');
    countTrend = trendOf(cell.count, yesterday.count);
    volumeTrend = trendOf(cell.volume, yesterday.volume);
  }
  return (
    <td className="text-end" data-testid={`cell-${kind}-${period}`}>
      <div
        className={`figure-volume fw-semibold ${trendClass(volumeTrend)}`}
        data-testid="cell-volume"
        data-trend={volumeTrend}
        title={t('dashboard.volume')}
      >
        <FigureLink
          to={list}
          open={t('dashboard.openTransactions', { figure: figureName })}
          shown={formatMoney(cell.volume, row.currency)}
          equals="amount"
        />
      </div>
      <div className="small text-muted">
        <span
          className={`figure-count ${trendClass(countTrend)}`}
          data-testid="cell-count"
          data-trend={countTrend}
          title={t('dashboard.transactions')}
        >
          <i className="bi bi-receipt me-1" aria-hidden />
          {/* A count is no sum of entries: it opens the transactions it counts (issue 44). */}
          <FigureLink
            to={list}
            open={t('dashboard.openTransactions', { figure: figureName })}
            shown={formatCount(cell.count)}
            equals="count"
          />
        </span>
        {showSuccessRate && (
          <span
            className="success-rate ms-2"
            data-testid="cell-success-rate"
            title={t('dashboard.successRate')}
          >
            <bdi>{cell.successRate}</bdi>
          </span>
        )}
      </div>
      <SplitListLinks lists={split} figure={figureName} equals="amount" />
    </td>
  );
}
