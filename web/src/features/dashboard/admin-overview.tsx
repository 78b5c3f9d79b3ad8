import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  formatPercent,
  type CallResponse,
  type getAdminDashboardV2,
  formatCount,
  type RouteId,
} from '@bo/contract';
import { FigureLink } from '../../ui/figure-link';
import { monthRateListUrls } from '../../ui/list/figure-lists';
import { ALL_CURRENCIES } from './currency-choice';
import { pendingListUrl } from './pending-chart';
import { durationParts } from './time-zone';

type AdminOverview = CallResponse<typeof getAdminDashboardV2>;

/** "01:02:03", or "2 d 01:02:03" from a day on. */
export function useDurationText() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const { days, clock } = durationParts(seconds);
    return days > 0 ? t('dashboard.daysAndClock', { days, clock }) : clock;
  };
}

/** Where the overview's transaction counts open their lists: the currency ('' for every one). */
export interface OverviewOpens {
  readonly currency: string;
}

/**
 * What the overview's transaction counts open (issue 44: a count or a rate opens the
 * transactions it counts): the lists in the dashboard's currency. Null while the overview
 * leaves out demo merchants that the lists show (its counts are then no list's), or for who
 * may not open pay-ins.
 */
export function overviewOpensOf(
  overview: AdminOverview,
  currency: string,
  canOpen: (route: RouteId) => boolean,
): OverviewOpens | null {
  if (overview.is_included_demo_data !== 1) return null;
  if (!canOpen('payins') || !canOpen('payinsProcessing')) return null;
  return { currency: currency === ALL_CURRENCIES ? '' : currency };
}

/**
 * "12 of 15 successful": a success rate's two counts, each opening the pay-ins it counts (this
 * UTC month's successful ones, and all of them) when `currency` is given; plain otherwise.
 */
function SuccessOfTotal(props: { success: number; total: number; currency: string | null }) {
  const { t } = useTranslation();
  const urls = props.currency === null ? null : monthRateListUrls(props.currency);
  const success = formatCount(props.success);
  const total = formatCount(props.total);
  // Trans puts each count in its place in the sentence; the link shows its own text.
  const countLink = (rows: 'success' | 'all', shown: string, open: string) => (
    <FigureLink
      to={urls?.[rows] ?? null}
      open={open}
      shown={shown}
      equals="count"
      figure={`rate-${rows}`}
    />
  );
  return (
    <Trans
      i18nKey="dashboard.successfulOfTotal"
      values={{ success, total }}
      components={{
        success: countLink('success', success, t('dashboard.openSuccessfulPayins')),
        total: countLink('all', total, t('dashboard.openAllPayins')),
      }}
    />
  );
}

/**
 * Admin: the overview tiles (success rate, pending transactions and the longest wait, resellers
 * and merchants new today, this month and in total).
 */
export function AdminOverviewTiles({
  overview,
  opens,
}: {
  overview: AdminOverview;
  opens: OverviewOpens | null;
}) {
  const { t } = useTranslation();
  const duration = useDurationText();
  const count = (n: number) => formatCount(n);
  const pending = count(overview.pending_transactions);
  return (
    <div className="row g-3 mb-4" data-testid="admin-overview">
      <Tile
        icon="bi-graph-up-arrow"
        tone="success"
        label={t('dashboard.successRate')}
        value={formatPercent(overview.success_rate)}
        testId="overview-success-rate"
      >
        <SuccessOfTotal
          success={overview.success_transactions}
          total={overview.total_transactions}
          currency={opens?.currency ?? null}
        />
      </Tile>
      <Tile
        icon="bi-hourglass-split"
        tone="warning"
        label={t('dashboard.pendingTransactions')}
        value={
          <FigureLink
            to={opens ? pendingListUrl('payinsProcessing', opens.currency) : null}
            open={t('dashboard.openPendingPayins')}
            shown={pending}
            equals="count"
          />
        }
        testId="overview-pending"
      >
        <span data-testid="overview-longest-pending">
          {t('dashboard.longestPending')}:{' '}
          {overview.longest_period_transaction > 0
            ? duration(overview.longest_period_transaction)
            : t('dashboard.noPending')}
        </span>
      </Tile>
      <Tile
        icon="bi-diagram-3"
        tone="primary"
        label={t('dashboard.resellers')}
        value={count(overview.total_resellers)}
        testId="overview-resellers"
      >
        {t('dashboard.newToday')}: <b>{count(overview.new_reseller_today)}</b> ·{' '}
        {t('dashboard.newThisMonth')}: <b>{count(overview.new_reseller_this_months)}</b>
      </Tile>
      <Tile
        icon="bi-shop"
        tone="info"
        label={t('dashboard.merchants')}
        value={count(overview.total_merchants)}
        testId="overview-merchants"
      >
        {t('dashboard.newToday')}: <b>{count(overview.new_merchant_today)}</b> ·{' '}
        {t('dashboard.newThisMonth')}: <b>{count(overview.new_merchant_this_months)}</b>
      </Tile>
    </div>
  );
}

function Tile({
  icon,
  tone,
  label,
  value,
  testId,
  children,
}: {
  icon: string;
  tone: 'primary' | 'success' | 'warning' | 'info';
  label: string;
  /** The figure: its text, or a link holding it. */
  value: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="col-xl-3 col-sm-6">
      <div className="card overview-tile h-100 mb-0" data-testid={testId}>
        <div className="card-body d-flex gap-3">
          <div className={`overview-icon bg-${tone}-subtle text-${tone}`} aria-hidden>
            <i className={`bi ${icon}`} />
          </div>
          <div className="min-w-0">
            <div className="text-muted small">{label}</div>
            <div className="tile-value fs-4 fw-semibold text-body" data-testid="tile-value">
              {typeof value === 'string' ? <bdi>{value}</bdi> : value}
            </div>
            <div className="small text-muted">{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Admin: this month's pay-in success rate in each currency; its counts open the pay-ins they
 * count when `opens` says the overview's counts are the lists'.
 */
export function SuccessRateByCurrency({
  overview,
  opens,
}: {
  overview: AdminOverview;
  opens: OverviewOpens | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="card h-100 mb-0" data-testid="success-rate-by-currency">
      <div className="card-header">
        <h5 className="card-title mb-0">{t('dashboard.successRateByCurrency')}</h5>
      </div>
      {overview.success_rate_each_currency.length === 0 && (
        <div className="card-body text-center text-muted" data-testid="no-currency-success-rate">
          {t('dashboard.noPayinsThisMonth')}
        </div>
      )}
      <ul className="list-group list-group-flush">
        {overview.success_rate_each_currency.map((row) => {
          const percent = formatPercent(row.percentage);
          return (
            <li key={row.currency} className="list-group-item" data-testid="currency-success-rate">
              <div className="d-flex justify-content-between mb-1">
                <span className="fw-semibold">{row.currency}</span>
                <b data-testid="currency-success-percent">
                  <bdi>{percent}</bdi>
                </b>
              </div>
              <div className="progress mb-1" style={{ height: 5 }} aria-hidden>
                <div className="progress-bar bg-success" style={{ width: percent }} />
              </div>
              <div className="text-muted small">
                <SuccessOfTotal
                  success={row.total_month_success_count}
                  total={row.payin_month_with_today}
                  currency={opens ? row.currency : null}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Admin: how long the last ten finished pay-ins took. */
export function LastProcessingTimes({ overview }: { overview: AdminOverview }) {
  const { t } = useTranslation();
  const duration = useDurationText();
  const rows = overview.last_10_transaction_processing_time;
  return (
    <div className="card h-100 mb-0" data-testid="last-processing-times">
      <div className="card-header">
        <h5 className="card-title mb-0">{t('dashboard.lastProcessingTimes')}</h5>
      </div>
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-0 processing-table">
          <thead className="table-light">
            <tr>
              <th scope="col">{t('dashboard.depositId')}</th>
              <th scope="col" className="text-end">
                {t('dashboard.processingTime')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={2} className="text-center text-muted py-4">
                  {t('dashboard.noFinishedPayins')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.deposit_id} data-testid="processing-time-row">
                  <td
                    className="font-monospace small text-truncate deposit-id"
                    title={row.deposit_id}
                  >
                    {row.deposit_id}
                  </td>
                  <td className="text-end" data-testid="processing-time">
                    {duration(row.processing_time)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
