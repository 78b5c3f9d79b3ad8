import { useState } from 'react';
import {
  getDisputeList,
  getUsdtWalletBalance,
  onOffDemoData,
  type CallResponse,
  type getAdminDashboardV2,
} from '@bo/contract';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { useDemoDataSwitch } from './api/on-off-demo-data';
import { CommissionCard } from './commission-card';
import { DashboardToolbar } from './dashboard-toolbar';
import {
  AdminSummary,
  GatewayOverviewRow,
  ReportCards,
  StatisticsRow,
  TopBalancesRow,
  figureOpensOf,
} from './dashboard-sections';
import { HealthAlertsAlert } from './health-alerts-alert';
import { InactiveGatewaysAlert } from './inactive-gateways-alert';
import { LoginIpNotice } from './login-ip-notice';
import { loginIpNoticeDue } from './login-ip-notice-rule';
import { useDashboardFigures } from './use-dashboard-figures';
import { useDashboardViewer, type DashboardViewer } from './use-dashboard-viewer';
import { UsdtWalletBar } from './usdt-wallet-bar';
import './dashboard.css';

type AdminOverview = CallResponse<typeof getAdminDashboardV2>;

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

/** The demo-data switch of an admin who may turn it: it moves at once, and goes back if refused. */
function useDemoDataControl(mayTurn: boolean, overview: AdminOverview | undefined) {
  const demoData = useDemoDataSwitch();
  if (!mayTurn) return null;
  return {
    isOn: demoData.isPending ? demoData.variables : overview?.is_included_demo_data === 1,
    isBusy: demoData.isPending || !overview,
    hasFailed: demoData.isError,
    onChange: (isOn: boolean) => demoData.mutate(isOn),
  };
}

function Dashboard({ viewer, accountDbCode }: { viewer: DashboardViewer; accountDbCode: string }) {
  const figures = useDashboardFigures(viewer, accountDbCode);
  const { report, admin, currencies } = figures;
  const demoData = useDemoDataControl(viewer.mayCall(onOffDemoData), admin.data);
  // Read once: the notice is decided when the page opens (browser tests set the clock).
  const [openedAt] = useState(() => Date.now());
  const { isAdmin, isMerchant } = viewer;
  const noticeDue = loginIpNoticeDue({
    accountType: viewer.accountType,
    loginIpEnabled: viewer.loginIpEnabled,
    now: openedAt,
  });

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
            : {
                value: figures.currency,
                options: currencies.data,
                onChange: figures.setChosenCurrency,
              }
        }
        liveUpdates={
          isMerchant ? null : { isOn: figures.isLiveChosen, onChange: figures.setLiveChosen }
        }
        demoData={demoData}
        timeZone={figures.timeZone}
        onTimeZoneChange={figures.setTimeZone}
        updatedAt={report.dataUpdatedAt}
        isFetching={report.isFetching || admin.isFetching}
      />

      {!isAdmin && viewer.mayCall(getUsdtWalletBalance) && (
        <UsdtWalletBar
          accountDbCode={accountDbCode}
          refetchInterval={figures.refetchInterval}
          canWithdraw={viewer.canOpen('settlements')}
        />
      )}

      {report.data && <CommissionCard rows={report.data.commission} />}

      {isAdmin && (
        <AdminSummary
          admin={admin}
          showsDisputes={viewer.mayCall(getDisputeList)}
          viewer={viewer}
          currency={figures.shownCurrency}
        />
      )}

      <ReportCards viewer={viewer} figures={figures} />

      {!isMerchant && <StatisticsRow viewer={viewer} figures={figures} />}

      {isAdmin && admin.data && (
        <GatewayOverviewRow
          overview={admin.data}
          viewer={viewer}
          currency={figures.shownCurrency}
        />
      )}

      {!isMerchant && (
        <TopBalancesRow
          data={report.data}
          currency={figures.shownCurrency}
          opensEntries={viewer.canOpen('ledgerEntries')}
          opens={figureOpensOf(viewer, figures)}
        />
      )}

      {noticeDue === 'due' && <LoginIpNotice />}
    </div>
  );
}
