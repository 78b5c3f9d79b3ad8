import { createElement, Fragment, type ComponentType } from 'react';
import type { PayinRow, RouteId } from '@bo/contract';
import { loadScreenNamespaces, type ScreenNamespace } from '../i18n/screen-namespaces';
import { chunkComponent } from '../lib/use-chunk';
import type { KindDetailActions } from '../ui/money/detail/kind-detail-actions';

/**
 * What each route of the contract's table shows. `frame` says what surrounds it: the signed-in
 * layout (`app`), the sign-in card (`guest`) or nothing (`bare`, for action routes and /error).
 * The Record type makes the compiler refuse a route without a screen.
 */
export interface ScreenEntry {
  readonly frame: 'app' | 'guest' | 'bare';
  readonly load: () => Promise<{ default: ComponentType }>;
}

const app = (load: ScreenEntry['load'], strings: readonly ScreenNamespace[] = []): ScreenEntry => ({
  frame: 'app',
  // The screen's own English strings load beside its code (i18n/screen-namespaces.ts).
  load: strings.length
    ? () => Promise.all([load(), loadScreenNamespaces(strings)]).then(([screen]) => screen)
    : load,
});
const guest = (
  load: ScreenEntry['load'],
  strings: readonly ScreenNamespace[] = [],
): ScreenEntry => ({
  ...app(load, strings),
  frame: 'guest',
});
const bare = (load: ScreenEntry['load']): ScreenEntry => ({ frame: 'bare', load });

const dashboard = app(
  () => import('../features/dashboard/dashboard-page'),
  ['gatewayHealth', 'reconciliation'],
);
/** Both scopes of a contract's ledger are one page (`ContractLedgerPage({ scope })`). */
const contractLedger = (screen: 'MerchantContractLedgerPage' | 'ResellerContractLedgerPage') =>
  app(
    () => import('../features/reports/contract-ledger-page').then((m) => ({ default: m[screen] })),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  );
const login = guest(() => import('../features/auth/login-page'));
const externalLink = bare(() => import('../features/system/external-link-action'));

export const SCREENS: Record<RouteId, ScreenEntry> = {
  dashboard,
  dashboardV2: dashboard,
  profile: app(() => import('../features/account/profile-page')),
  security: app(() => import('../features/account/security-page')),
  starter: app(() => import('../features/system/starter-page')),
  logout: bare(() => import('../features/system/logout-action')),
  notFound: app(() => import('../features/system/not-found-page')),
  settlementSetting: app(
    () => import('../features/settlement-settings/settlement-setting-page'),
    ['settlementSetting'],
  ),
  resellers: app(() => import('../features/accounts/resellers-page')),
  resellerDetail: app(() => import('../features/accounts/reseller-detail-page')),
  merchants: app(() => import('../features/accounts/merchants-page')),
  merchantsOfReseller: app(() => import('../features/accounts/merchants-page')),
  resellerContracts: app(() => import('../features/contracts/reseller-contracts-page')),
  resellerMerchantContractRates: app(() => import('../features/contracts/contract-rates-page')),
  paymentGateway: app(() => import('../features/gateways/payment-gateway-page'), ['gateways']),
  paymentGatewayMonitoring: app(
    () => import('../features/gateway-health/monitoring-page'),
    // routing: the live view names each profile's scope (`routing.scopes`).
    ['gatewayHealth', 'routing'],
  ),
  paymentGatewayRouting: app(
    () => import('../features/routing/routing-profiles-page'),
    // administration: the names of the guarded changes the page lists as waiting.
    ['routing', 'administration'],
  ),
  balanceReports: app(
    () => import('../features/admin-reports/balance-reports-page'),
    ['adminReports', 'reportProfit'],
  ),
  earningsReport: app(
    () => import('../features/admin-reports/earnings-report-page'),
    ['adminReports', 'reportProfit'],
  ),
  allCurrencyBalance: app(
    () => import('../features/admin-reports/all-currency-balance-page'),
    ['adminReports', 'reportProfit'],
  ),
  pgCurrencyBalance: app(
    () => import('../features/gateways/pg-currency-balance-page'),
    ['gateways'],
  ),
  reportSetting: app(
    () => import('../features/reports/report-setting-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  withdrawalHistory: app(
    () => import('../features/administration/withdrawal-history-page'),
    ['administration'],
  ),
  adminLogs: app(() => import('../features/administration/admin-logs-page'), ['administration']),
  adminOutbox: app(
    () => import('../features/administration/admin-outbox-page'),
    ['administration'],
  ),
  ledgerEntries: app(
    () => import('../features/reports/ledger-entries-page'),
    // reportProfit: the report kit's words (totals, period, print).
    ['reportProfit', 'reportLedgers'],
  ),
  ledgerSeals: app(
    () => import('../features/administration/ledger-seals-page'),
    ['administration'],
  ),
  adminTeam: app(
    () => import('../features/team/team-page'),
    // administration: the names of the guarded changes the page lists as waiting.
    ['team', 'administration'],
  ),
  reconciliation: app(
    () => import('../features/reconciliation/recon-runs-page'),
    ['reconciliation'],
  ),
  reconciliationRun: app(
    () => import('../features/reconciliation/recon-run-page'),
    ['reconciliation'],
  ),
  riskRules: app(() => import('../features/risk/rules-page'), ['riskRules']),
  riskRule: app(() => import('../features/risk/rules-editor-page'), ['riskRules']),
  riskReview: app(() => import('../features/risk-review/review-queue-page'), ['riskReview']),
  contractLedgerSummary: app(
    () => import('../features/admin-reports/contract-ledger-summary-page'),
    ['adminReports', 'reportProfit'],
  ),
  forceChangeUsdt: app(
    () => import('../features/administration/force-change-usdt-page'),
    ['administration'],
  ),
  generalSettings: app(
    () => import('../features/platform-settings/general-settings-page'),
    // administration: the names of the guarded changes the sign-in card lists as waiting.
    ['platformSettings', 'administration'],
  ),
  profitReport: app(
    () => import('../features/reports/profit-report-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  detailedProfitReport: app(
    () => import('../features/reports/detailed-profit-report-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  gatewayProfitReport: app(
    () => import('../features/reports/gateway-profit-report-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  merchantStatement: app(
    () => import('../features/reports/merchant-statement-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  resellerContractAccLedger: contractLedger('ResellerContractLedgerPage'),
  resellerContractAccLedgerById: contractLedger('ResellerContractLedgerPage'),
  contractAccLedger: contractLedger('MerchantContractLedgerPage'),
  contractAccLedgerById: contractLedger('MerchantContractLedgerPage'),
  usdtWalletBalanceSettlement: app(
    () => import('../features/reports/usdt-wallet-report-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  dailyTransactionsReport: app(
    () => import('../features/reports/daily-transactions-report-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  merchantBalanceSettlement: app(
    () => import('../features/reports/merchant-balance-settlement-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  dailyEarningReport: app(
    () => import('../features/reports/daily-earning-report-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  resellerEarningStatement: app(
    () => import('../features/reports/reseller-earning-statement-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  resellerBalanceSettlement: app(
    () => import('../features/reports/reseller-balance-settlement-page'),
    ['reportProfit', 'reportLedgers', 'reportBalances'],
  ),
  payins: app(() => import('../features/payins/payins-page')),
  payinsProcessing: app(() => import('../features/payins/payins-processing-page')),
  payouts: app(() => import('../features/payouts/payouts-page')),
  payoutsPending: app(() => import('../features/payouts/payouts-pending-page')),
  inHousePayoutsPending: app(() => import('../features/payouts/in-house-payouts-page')),
  payoutDetails: app(() => import('../features/payouts/payout-details-page')),
  contracts: app(() => import('../features/contracts/contracts-page')),
  settlements: app(() => import('../features/settlements/settlements-page')),
  settlementsPending: app(() => import('../features/settlements/settlements-pending-page')),
  settlementWallet: app(() => import('../features/settlements/settlement-wallet-page')),
  settlementWalletPending: app(
    () => import('../features/settlements/settlement-wallet-pending-page'),
  ),
  withdrawals: app(() => import('../features/withdrawals/withdrawals-page')),
  withdrawalsPending: app(() => import('../features/withdrawals/withdrawals-pending-page')),
  topUps: app(() => import('../features/top-ups/top-ups-page')),
  refunds: app(() => import('../features/refunds/refunds-page'), ['refunds']),
  refundsPending: app(() => import('../features/refunds/refunds-pending-page'), ['refunds']),
  disputes: app(() => import('../features/disputes/disputes-page'), ['disputes']),
  disputesPending: app(() => import('../features/disputes/disputes-pending-page'), ['disputes']),
  balanceAdjustments: app(
    () => import('../features/adjustments/adjustments-page'),
    ['adjustments'],
  ),
  balanceAdjustmentsPending: app(
    () => import('../features/adjustments/adjustments-pending-page'),
    ['adjustments'],
  ),
  subAccounts: app(() => import('../features/sub-accounts/sub-accounts-page'), ['subAccounts']),
  riskLists: app(() => import('../features/risk/risk-lists-page'), ['risk']),
  riskReports: app(() => import('../features/risk/risk-report-page'), ['riskRules']),
  riskList: app(() => import('../features/risk/risk-list-page'), ['risk']),
  merchantSettings: app(
    () => import('../features/merchant-settings/merchant-settings-page'),
    ['merchantSettings'],
  ),
  apiDocumentation: app(
    () => import('../features/technical/api-documentation-page'),
    ['technical', 'apiDocs'],
  ),
  technicalSupport: app(
    () => import('../features/technical/technical-support-page'),
    ['technical', 'apiDocs'],
  ),
  technicalInformation: app(
    () => import('../features/technical/technical-information-page'),
    ['technical', 'apiDocs'],
  ),
  login,
  accountLogin: login,
  twoFactorVerify: guest(() => import('../features/auth/two-factor-verify-page')),
  // team: the 2FA set-up the team may require (issue 40).
  twoFactorSetup: guest(() => import('../features/auth/two-factor-setup-page'), ['team']),
  loginIpSetup: guest(() => import('../features/auth/login-ip-setup-page')),
  updateNewPassword: guest(() => import('../features/auth/update-password-page')),
  forgotPassword: guest(() => import('../features/auth/forgot-password-page')),
  resetPassword: guest(() => import('../features/auth/reset-password-page')),
  // In the app's frame: with no contact saved the user reads why and where to set it.
  supportOnTelegram: app(() => import('../features/system/external-link-action')),
  marketingMaterials: externalLink,
  reset: bare(() => import('../features/system/reset-action')),
  skype: externalLink,
  error: bare(() => import('../features/system/error-page')),
  galleryUi: app(() => import('../features/gallery/ui-gallery-page'), ['gallery']),
  galleryForms: app(() => import('../features/gallery/forms-gallery-page'), ['gallery']),
  galleryCharts: app(() => import('../features/gallery/charts-gallery-page'), ['gallery']),
  galleryIcons: app(() => import('../features/gallery/icons-gallery-page'), ['gallery']),
};

// A pay-in's refunds and open dispute, above its detail (its words are the app's own).
const PayinAfterCareSummary = chunkComponent(() =>
  import('../features/payins/payin-after-care').then((m) => ({ default: m.PayinAfterCareSummary })),
);

// The refund's own words load with its button (i18n/screen-namespaces.ts).
const RefundButton = chunkComponent(() =>
  Promise.all([
    import('../features/refunds/refund-button'),
    loadScreenNamespaces(['refunds']),
  ]).then(([button]) => button),
);

// The sandbox's dispute simulation and a dispute's own panel load with their words too.
const SimulateDisputeButton = chunkComponent(() =>
  Promise.all([
    import('../features/disputes/simulate-dispute-button'),
    loadScreenNamespaces(['disputes']),
  ]).then(([button]) => button),
);
const DisputePanel = chunkComponent(() =>
  Promise.all([
    import('../features/disputes/dispute-panel'),
    loadScreenNamespaces(['disputes']),
  ]).then(([panel]) => panel),
);

/**
 * What each kind's feature adds to its items' detail, wherever the detail opens (a list's
 * drawer, the global search), loaded with the detail: a successful pay-in's refund and (sandbox)
 * simulated dispute; a dispute's deadline, evidence, files, answer and outcome.
 */
export const KIND_DETAIL_ACTIONS: KindDetailActions = {
  payin: (detail) =>
    createElement(
      Fragment,
      null,
      createElement(PayinAfterCareSummary, { row: detail.row as PayinRow }),
      createElement(RefundButton, { detail }),
      createElement(SimulateDisputeButton, { detail }),
    ),
  dispute: (detail) => createElement(DisputePanel, { detail }),
};
