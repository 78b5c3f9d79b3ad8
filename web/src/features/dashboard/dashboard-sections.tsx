import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallResponse, getAdminDashboardV2, getReportDashboardV3 } from '@bo/contract';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import {
  AdminOverviewTiles,
  LastProcessingTimes,
  overviewOpensOf,
  SuccessRateByCurrency,
} from './admin-overview';
import { CurrencyCards } from './currency-cards';
import { topVolumeListUrl, type FigureOpens } from '../../ui/list/figure-lists';
import { DisputesDueLine } from './disputes-due-line';
import { GatewayBalanceTable } from './gateway-balance-table';
import { PendingChart } from './pending-chart';
import { ReconciliationLine } from './reconciliation-line';
import { RiskReviewLine } from './risk-review-line';
import { StatisticsCard } from './statistics-card';
import { TopVolumeTable, type TopVolumeRow } from './top-volume-table';
import type { DashboardFigures } from './use-dashboard-figures';
import type { DashboardViewer } from './use-dashboard-viewer';
import { ledgerEntriesUrl, thisUtcMonth } from '../../lib/ledger-entries-link';

type AdminOverview = CallResponse<typeof getAdminDashboardV2>;
type ReportDashboard = CallResponse<typeof getReportDashboardV3>;

/**
 * Admin: the overview tiles, the disputes due, the reconciliation progress and, for who may
 * review, the risk review queue.
 */
export function AdminSummary({
  admin,
  showsDisputes,
  viewer,
  currency,
}: {
  admin: UseQueryResult<AdminOverview>;
  showsDisputes: boolean;
  viewer: DashboardViewer;
  /** The dashboard's currency (`ALL_CURRENCIES` for every one): its counts open their lists in it. */
  currency: string;
}) {
  const overview = admin.data;
  if (overview) {
    return (
      <>
        <AdminOverviewTiles
          overview={overview}
          opens={overviewOpensOf(overview, currency, viewer.canOpen)}
        />
        {showsDisputes && <DisputesDueLine disputes={overview.disputes} />}
        {overview.reconciliation && <ReconciliationLine progress={overview.reconciliation} />}
        {overview.risk_review && (
          <RiskReviewLine held={overview.risk_review} now={admin.dataUpdatedAt} />
        )}
      </>
    );
  }
  if (admin.isError) return <LoadFailed onRetry={() => void admin.refetch()} />;
  return <PageSpinner />;
}

/** The per-currency cards (a merchant's once its traded currencies are known). */
export function ReportCards({
  viewer,
  figures,
}: {
  viewer: DashboardViewer;
  figures: DashboardFigures;
}) {
  const { t } = useTranslation();
  const { report, currencies } = figures;
  const { isAdmin, isMerchant } = viewer;
  const data = report.data;
  if (data && (!isMerchant || currencies.isFetched)) {
    return (
      <CurrencyCards
        rows={data.currency_report}
        kinds={data.shown_kinds}
        balanceLabel={t(isMerchant ? 'dashboard.balance' : 'dashboard.merchantsBalance')}
        showSuccessRate={isAdmin}
        opens={figureOpensOf(viewer, figures)}
        firstSteps={
          isMerchant
            ? { traded: (currencies.data ?? []).map((c) => c.value), canOpen: viewer.canOpen }
            : undefined
        }
      />
    );
  }
  if (report.isError) return <LoadFailed onRetry={() => void report.refetch()} />;
  return <PageSpinner />;
}

/**
 * What the viewer's figures open (issue 44): nothing while the dashboard leaves out demo
 * merchants that the lists show (its sums are then no list's).
 */
export function figureOpensOf(
  viewer: DashboardViewer,
  figures: DashboardFigures,
): FigureOpens | undefined {
  const data = figures.report.data;
  if (!data || data.figures_of.demo_left_out) return undefined;
  return { timeZone: figures.timeZone, canOpen: viewer.canOpen, balanceIsOwn: viewer.isMerchant };
}

/** The statistics chart, beside the pending transactions for an admin. */
export function StatisticsRow({
  viewer,
  figures,
}: {
  viewer: DashboardViewer;
  figures: DashboardFigures;
}) {
  const { isAdmin } = viewer;
  const { report, admin, shownCurrency } = figures;
  return (
    <div className="row g-3 mb-4">
      <div className={isAdmin ? 'col-xl-8' : 'col-12'}>
        <StatisticsCard
          statistics={report.data?.statistics}
          currency={shownCurrency}
          period={figures.period}
          timeZone={figures.timeZone}
          onPeriodChange={figures.setPeriod}
          isUpdating={report.isPlaceholderData}
          opens={figureOpensOf(viewer, figures)}
        />
      </div>
      {isAdmin && admin.data && (
        <div className="col-xl-4">
          <PendingChart
            pending={admin.data.pending_list}
            currency={shownCurrency}
            countsAreLists={admin.data.is_included_demo_data === 1}
          />
        </div>
      )}
    </div>
  );
}

/** Admin: the gateways' balances, the success rate by currency and the last processing times. */
export function GatewayOverviewRow({
  overview,
  viewer,
  currency,
}: {
  overview: AdminOverview;
  viewer: DashboardViewer;
  currency: string;
}) {
  return (
    <div className="row g-3 mb-4">
      <div className="col-xxl-6">
        <GatewayBalanceTable
          gateways={overview.top_pg_balance}
          isDemoDataLeftOut={overview.is_included_demo_data === 0}
        />
      </div>
      <div className="col-xxl-3 col-md-6">
        <SuccessRateByCurrency
          overview={overview}
          opens={overviewOpensOf(overview, currency, viewer.canOpen)}
        />
      </div>
      <div className="col-xxl-3 col-md-6">
        <LastProcessingTimes overview={overview} />
      </div>
    </div>
  );
}

/** The words, test id and balance account of each top-balances table. */
const TOP_TABLES = {
  resellers: {
    title: 'dashboard.topResellers',
    testId: 'top-resellers',
    balanceLabel: 'dashboard.commissionBalance',
    purpose: 'commission',
  },
  merchants: {
    title: 'dashboard.topMerchants',
    testId: 'top-merchants',
    balanceLabel: 'dashboard.merchantAvailableBalance',
    purpose: 'available',
  },
} as const;

/** A top-balances row of the table: whose, this month's pay-in volume and the balance. */
const topRow = (
  ownerId: string,
  code: string,
  name: string,
  figures: { payin_this_month_volume: string; amount: string },
): TopVolumeRow => ({
  ownerId,
  code,
  name,
  volume: figures.payin_this_month_volume,
  balance: figures.amount,
});

/** The resellers and merchants with the largest balances, with this month's pay-in volume. */
export function TopBalancesRow({
  data,
  currency,
  opensEntries,
  opens,
}: {
  data: ReportDashboard | undefined;
  currency: string;
  /** The viewer may open the entries view: each balance opens its owner's account's entries. */
  opensEntries: boolean;
  /** What the figures open (`figureOpensOf`): each volume its owner's pay-ins of the month. */
  opens: FigureOpens | undefined;
}) {
  const opensPayins = opens?.canOpen('payins') ?? false;
  const resellers = data?.top_balance_resellers.map((r) =>
    topRow(r.reseller_id, r.reseller_db_code, r.reseller_name, r),
  );
  const merchants = data?.top_balance_merchants.map((m) =>
    topRow(m.merchant_id, m.merchant_db_code, m.merchant_name, m),
  );
  return (
    <div className="row g-3 mb-4">
      {(['resellers', 'merchants'] as const).map((side) => (
        <TopBalancesTable
          key={side}
          side={side}
          rows={side === 'resellers' ? resellers : merchants}
          currency={currency}
          opensEntries={opensEntries}
          opensPayins={opensPayins}
        />
      ))}
    </div>
  );
}

function TopBalancesTable({
  side,
  rows,
  currency,
  opensEntries,
  opensPayins,
}: {
  side: keyof typeof TOP_TABLES;
  rows: TopVolumeRow[] | undefined;
  currency: string;
  opensEntries: boolean;
  opensPayins: boolean;
}) {
  const { t } = useTranslation();
  const words = TOP_TABLES[side];
  const entriesOf = useCallback(
    (row: TopVolumeRow) =>
      ledgerEntriesUrl({
        ownerId: row.ownerId,
        currency,
        period: thisUtcMonth(),
        purposes: [words.purpose],
      }),
    [currency, words.purpose],
  );
  const payinsOf = useCallback(
    (row: TopVolumeRow) =>
      topVolumeListUrl(
        side === 'resellers' ? { resellerDbCode: row.code } : { merchantDbCode: row.code },
        currency,
      ),
    [side, currency],
  );
  return (
    <div className="col-xl-6">
      <TopVolumeTable
        title={t(words.title)}
        testId={words.testId}
        balanceLabel={t(words.balanceLabel)}
        currency={currency}
        rows={rows}
        balanceEntries={opensEntries ? entriesOf : undefined}
        volumeList={opensPayins ? payinsOf : undefined}
      />
    </div>
  );
}
