import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_STATISTICS_PERIOD,
  getDisputeList,
  getUsdtWalletBalance,
  onOffDemoData,
  type StatisticsPeriod,
  type TimezoneChoice,
} from '@bo/contract';
import { useAppSettings } from '../../lib/api/get-app-settings';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { adminDashboardQuery } from './api/get-admin-dashboard-v2';
import { AdminOverviewTiles, LastProcessingTimes, SuccessRateByCurrency } from './admin-overview';
import { CurrencyCards } from './currency-cards';
import { ALL_CURRENCIES, defaultCurrencyOf } from './currency-choice';
import { DashboardToolbar } from './dashboard-toolbar';
import { DisputesDueLine } from './disputes-due-line';
import { ReconciliationLine } from './reconciliation-line';
import { useDemoDataSwitch } from './api/on-off-demo-data';
import { CommissionCard } from './commission-card';
import { GatewayBalanceTable } from './gateway-balance-table';
import { HealthAlertsAlert } from './health-alerts-alert';
import { InactiveGatewaysAlert } from './inactive-gateways-alert';
import { LoginIpNotice } from './login-ip-notice';
import { loginIpNoticeDue } from './login-ip-notice-rule';
import { PendingChart } from './pending-chart';
import { reportDashboardQuery, type ReportDashboardParams } from './api/get-report-dashboard-v3';
import { StatisticsCard } from './statistics-card';
import { supportedCurrencyQuery } from '../../lib/api/get-supported-currency';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { TopVolumeTable } from './top-volume-table';
import { useDashboardViewer, type DashboardViewer } from './use-dashboard-viewer';
import { UsdtWalletBar } from './usdt-wallet-bar';
import './dashboard.css';

/** Whether two dashboard requests differ in their period at most (the cards stay the same). */
function samePeriodless(a: ReportDashboardParams | undefined, b: ReportDashboardParams): boolean {
  return a?.currency === b.currency && a.timeZone === b.timeZone;
}

/** / and /dashboardv2: the dashboard of spec section 2, for every role. */
export default function DashboardPage() {
  const viewer = useDashboardViewer();
  const accountDbCode = viewer?.accountDbCode ?? null;
  return (
    <>
      <RouteTitle />
      {viewer && accountDbCode !== null ? (
        <Dashboard viewer={viewer} accountDbCode={accountDbCode} />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}

function Dashboard({ viewer, accountDbCode }: { viewer: DashboardViewer; accountDbCode: string }) {
  const { t } = useTranslation();
  const settings = useAppSettings();
  const [isLiveChosen, setLiveChosen] = useState(true);
  const [period, setPeriod] = useState<StatisticsPeriod>(DEFAULT_STATISTICS_PERIOD);
  const [timeZone, setTimeZone] = useState<TimezoneChoice>(DEFAULT_TIME_ZONE);
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  // Read once: the notice is decided when the page opens (browser tests set the clock).
  const [openedAt] = useState(() => Date.now());
  const { isAdmin, isMerchant } = viewer;

  // Merchants have no switch: their figures always stay live.
  const isLive = isMerchant || isLiveChosen;
  const refetchInterval = isLive ? settings.live_update_interval_ms : false;

  // A merchant's are the currencies it trades: those with no figures yet say what to do next.
  const currencies = useQuery(supportedCurrencyQuery());
  const currency = isMerchant
    ? ALL_CURRENCIES
    : (chosenCurrency ??
      (currencies.data
        ? defaultCurrencyOf(currencies.data)
        : currencies.isError
          ? ALL_CURRENCIES
          : null));

  const params: ReportDashboardParams = {
    currency: currency ?? ALL_CURRENCIES,
    statisticsType: period,
    accountType: viewer.accountType,
    accountDbCode,
    timeZone,
  };
  const report = useQuery({
    ...reportDashboardQuery(params, refetchInterval),
    enabled: currency !== null,
    // A new period keeps the cards on screen while the chart reloads; a new currency or time
    // zone does not (every figure changes).
    placeholderData: (previous, previousQuery) =>
      samePeriodless(previousQuery?.queryKey[1] as ReportDashboardParams | undefined, params)
        ? keepPreviousData(previous)
        : undefined,
  });
  const admin = useQuery({
    ...adminDashboardQuery(currency ?? ALL_CURRENCIES, refetchInterval),
    enabled: isAdmin && currency !== null,
  });
  const demoData = useDemoDataSwitch();

  const noticeDue = loginIpNoticeDue({
    accountType: viewer.accountType,
    loginIpEnabled: viewer.loginIpEnabled,
    now: openedAt,
  });
  const shownCurrency = currency ?? ALL_CURRENCIES;
  const data = report.data;

  return (
    <div
      className="dashboard"
      data-testid="dashboard"
      data-role={viewer.accountType}
      data-login-ip-notice={noticeDue}
    >
      {isAdmin && admin.data && <InactiveGatewaysAlert gateways={admin.data.inactive_pg_list} />}
      {isAdmin && admin.data && <HealthAlertsAlert alerts={admin.data.gateway_health_alerts} />}

      <DashboardToolbar
        currency={
          isMerchant
            ? null
            : { value: currency, options: currencies.data, onChange: setChosenCurrency }
        }
        liveUpdates={isMerchant ? null : { isOn: isLiveChosen, onChange: setLiveChosen }}
        demoData={
          viewer.mayCall(onOffDemoData)
            ? {
                // Moves at once; goes back if the server does not take it.
                isOn: demoData.isPending
                  ? demoData.variables
                  : admin.data?.is_included_demo_data === 1,
                isBusy: demoData.isPending || !admin.data,
                hasFailed: demoData.isError,
                onChange: (isOn) => demoData.mutate(isOn),
              }
            : null
        }
        timeZone={timeZone}
        onTimeZoneChange={setTimeZone}
        updatedAt={report.dataUpdatedAt}
        isFetching={report.isFetching || admin.isFetching}
      />

      {!isAdmin && viewer.mayCall(getUsdtWalletBalance) && (
        <UsdtWalletBar
          accountDbCode={accountDbCode}
          refetchInterval={refetchInterval}
          canWithdraw={viewer.canOpen('settlements')}
        />
      )}

      {data && <CommissionCard rows={data.commission} />}

      {isAdmin &&
        (admin.data ? (
          <>
            <AdminOverviewTiles overview={admin.data} />
            {viewer.mayCall(getDisputeList) && <DisputesDueLine disputes={admin.data.disputes} />}
            {admin.data.reconciliation && (
              <ReconciliationLine progress={admin.data.reconciliation} />
            )}
          </>
        ) : admin.isError ? (
          <LoadFailed onRetry={() => void admin.refetch()} />
        ) : (
          <PageSpinner />
        ))}

      {data && (!isMerchant || currencies.isFetched) ? (
        <CurrencyCards
          rows={data.currency_report}
          kinds={data.shown_kinds}
          balanceLabel={t(isMerchant ? 'dashboard.balance' : 'dashboard.merchantsBalance')}
          showSuccessRate={isAdmin}
          firstSteps={
            isMerchant
              ? {
                  traded: (currencies.data ?? []).map((c) => c.value),
                  canOpen: viewer.canOpen,
                }
              : undefined
          }
        />
      ) : report.isError ? (
        <LoadFailed onRetry={() => void report.refetch()} />
      ) : (
        <PageSpinner />
      )}

      {!isMerchant && (
        <div className="row g-3 mb-4">
          <div className={isAdmin ? 'col-xl-8' : 'col-12'}>
            <StatisticsCard
              statistics={data?.statistics}
              currency={shownCurrency}
              period={period}
              timeZone={timeZone}
              onPeriodChange={setPeriod}
              isUpdating={report.isPlaceholderData}
            />
          </div>
          {isAdmin && admin.data && (
            <div className="col-xl-4">
              <PendingChart pending={admin.data.pending_list} currency={shownCurrency} />
            </div>
          )}
        </div>
      )}

      {isAdmin && admin.data && (
        <div className="row g-3 mb-4">
          <div className="col-xxl-6">
            <GatewayBalanceTable
              gateways={admin.data.top_pg_balance}
              isDemoDataLeftOut={admin.data.is_included_demo_data === 0}
            />
          </div>
          <div className="col-xxl-3 col-md-6">
            <SuccessRateByCurrency overview={admin.data} />
          </div>
          <div className="col-xxl-3 col-md-6">
            <LastProcessingTimes overview={admin.data} />
          </div>
        </div>
      )}

      {!isMerchant && (
        <div className="row g-3 mb-4">
          <div className="col-xl-6">
            <TopVolumeTable
              title={t('dashboard.topResellers')}
              testId="top-resellers"
              balanceLabel={t('dashboard.commissionBalance')}
              currency={shownCurrency}
              rows={data?.top_balance_resellers.map((r) => ({
                code: r.reseller_db_code,
                name: r.reseller_name,
                volume: r.payin_this_month_volume,
                balance: r.amount,
              }))}
            />
          </div>
          <div className="col-xl-6">
            <TopVolumeTable
              title={t('dashboard.topMerchants')}
              testId="top-merchants"
              balanceLabel={t('dashboard.merchantAvailableBalance')}
              currency={shownCurrency}
              rows={data?.top_balance_merchants.map((m) => ({
                code: m.merchant_db_code,
                name: m.merchant_name,
                volume: m.payin_this_month_volume,
                balance: m.amount,
              }))}
            />
          </div>
        </div>
      )}

      {noticeDue === 'due' && <LoginIpNotice />}
    </div>
  );
}
