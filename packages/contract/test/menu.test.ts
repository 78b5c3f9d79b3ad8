import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODULES,
  MODULES,
  buildHorizontalMenu,
  buildSideMenu,
  pathOf,
  type MenuViewer,
  type SideMenu,
} from '../src';

/** Flattens a menu into `group: label -> path` lines, easy to compare with the spec by eye. */
function lines(menu: SideMenu): string[] {
  return menu.groups.flatMap((g) =>
    g.items.map((i) => `${g.id}: ${i.label} -> ${pathOf(i.routeId, i.params ?? {})}`),
  );
}

const admin: MenuViewer = { accountType: 'admin', modules: MODULES, accountDbCode: 'A-1' };
const reseller: MenuViewer = {
  accountType: 'reseller',
  modules: DEFAULT_MODULES.reseller,
  accountDbCode: 'R-1',
};
const merchant: MenuViewer = {
  accountType: 'merchant',
  modules: DEFAULT_MODULES.merchant,
  accountDbCode: 'M-1',
};

describe('side menu by role (spec section 2)', () => {
  it('admin with every module', () => {
    const menu = buildSideMenu(admin);
    expect(menu.title).toBe('admin');
    expect(lines(menu)).toEqual([
      'dashboard: dashboard -> /',
      'payin: payins -> /transactions',
      'payin: payinsProcessing -> /transactions/processing-list',
      'payin: refunds -> /refunds/list',
      'payin: refundsPending -> /refunds/pending-list',
      'payin: disputes -> /disputes/list',
      'payin: disputesPending -> /disputes/pending-list',
      'payout: payouts -> /payouts/list',
      'payout: payoutsPending -> /payouts/pending-list',
      'payout: inHousePayoutsPending -> /in-house-payouts/pending-list',
      'settlement: settlements -> /settlement/list',
      'settlement: settlementsPending -> /settlement/pending-list',
      'settlementWallet: settlementWallet -> /settlement-wallet/list',
      'settlementWallet: settlementWalletPending -> /settlement-wallet/pending-list',
      'withdrawal: withdrawals -> /withdrawals/list',
      'withdrawal: withdrawalsPending -> /withdrawals/pending-list',
      'topUp: topUps -> /top-up/list',
      'risk: riskReview -> /risk/review',
      'risk: riskRules -> /risk/rules', // beyond the spec (issue 42)
      'risk: riskLists -> /risk/lists',
      'risk: riskReports -> /risk/reports',
      'accountManagement: resellers -> /reseller',
      'accountManagement: merchants -> /merchants',
      'accountManagement: resellerContracts -> /reseller-contracts',
      'accountManagement: merchantContracts -> /contracts',
      'accountManagement: resellerMerchantContracts -> /reseller/all/reseller-&-merchant-contract-rates',
      'technical: apiDocumentation -> /api-documentation',
      'technical: technicalSupport -> /technical-support',
      'administrator: generalSettings -> /general-settings',
      'administrator: paymentGateway -> /payment-gateway',
      'administrator: paymentGatewayMonitoring -> /payment-gateway/monitoring',
      'administrator: paymentGatewayRouting -> /payment-gateway/routing', // beyond the spec (issue 43)
      'administrator: balanceReports -> /balance-reports',
      'administrator: earningsReport -> /earnings-report',
      'administrator: contractLedgerSummary -> /contract-ledger-summary',
      'administrator: allCurrencyBalance -> /all-currency-balance',
      'administrator: forceChangeUsdt -> /force-change-usdt',
      'administrator: adminLogs -> /admin-logs',
      'administrator: adminOutbox -> /admin-outbox',
      'administrator: ledgerSeals -> /ledger-seals',
      'administrator: adminTeam -> /admin-team',
      'administrator: reconciliation -> /reconciliation',
      'administrator: balanceAdjustments -> /balance-adjustments/list',
      'administrator: balanceAdjustmentsPending -> /balance-adjustments/pending-list',
      'myContracts: myContracts -> /contracts',
      'subAccounts: subAccounts -> /sub-accounts',
      'reports: profitReport -> /profit-report',
      'reports: detailedProfitReport -> /profit-report/all/detailed-profit-report',
      'reports: dailyTransactionsReport -> /daily-transactions-report',
      'reports: merchantContractLedger -> /contract-acc-ledger',
      'reports: merchantBalanceSettlement -> /merchant-balance-settlement',
      'reports: usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      'settings: profile -> /profile',
      'settings: security -> /security',
    ]);
  });

  it('reseller with its default modules', () => {
    const menu = buildSideMenu(reseller);
    expect(menu.title).toBe('reseller');
    expect(lines(menu)).toEqual([
      'dashboard: dashboard -> /',
      'payin: payins -> /transactions',
      'payin: payinsProcessing -> /transactions/processing-list',
      'payin: refunds -> /refunds/list',
      'payin: disputes -> /disputes/list',
      'payin: disputesPending -> /disputes/pending-list',
      'payout: payouts -> /payouts/list',
      'payout: payoutsPending -> /payouts/pending-list',
      'settlement: settlements -> /settlement/list',
      'settlement: settlementsPending -> /settlement/pending-list',
      'settlementWallet: settlementWallet -> /settlement-wallet/list',
      'settlementWallet: settlementWalletPending -> /settlement-wallet/pending-list',
      'withdrawal: withdrawals -> /withdrawals/list',
      'withdrawal: withdrawalsPending -> /withdrawals/pending-list',
      'risk: riskRules -> /risk/rules', // beyond the spec (issue 42)
      'risk: riskLists -> /risk/lists',
      'risk: riskReports -> /risk/reports',
      'accountManagement: resellers -> /reseller',
      'accountManagement: merchants -> /merchants',
      'accountManagement: resellerContracts -> /reseller-contracts',
      'accountManagement: merchantContracts -> /contracts',
      'technical: apiDocumentation -> /api-documentation',
      'technical: technicalSupport -> /technical-support',
      'myContracts: myContracts -> /contracts',
      'subAccounts: subAccounts -> /sub-accounts',
      'reports: profitReport -> /profit-report',
      'reports: detailedProfitReport -> /profit-report/R-1/detailed-profit-report',
      'reports: merchantContractLedger -> /contract-acc-ledger',
      'reports: usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      'settings: profile -> /profile',
      'settings: security -> /security',
      'support: supportOnTelegram -> /support-on-telegram',
      'support: marketingMaterials -> /marketing-materials',
    ]);
  });

  it('merchant with its default modules', () => {
    const menu = buildSideMenu(merchant);
    expect(menu.title).toBe('merchant');
    expect(lines(menu)).toEqual([
      'dashboard: dashboard -> /',
      'payin: payins -> /transactions',
      'payin: payinsProcessing -> /transactions/processing-list',
      'payin: refunds -> /refunds/list',
      'payin: disputes -> /disputes/list',
      'payin: disputesPending -> /disputes/pending-list',
      'payout: payouts -> /payouts/list',
      'payout: payoutsPending -> /payouts/pending-list',
      'settlement: settlements -> /settlement/list',
      'settlement: settlementsPending -> /settlement/pending-list',
      'settlementWallet: settlementWallet -> /settlement-wallet/list',
      'settlementWallet: settlementWalletPending -> /settlement-wallet/pending-list',
      'risk: riskRules -> /risk/rules', // beyond the spec (issue 42)
      'risk: riskLists -> /risk/lists',
      'risk: riskReports -> /risk/reports',
      'technical: apiDocumentation -> /api-documentation',
      'technical: technicalSupport -> /technical-support',
      'technical: merchantSettings -> /merchant-settings',
      'myContracts: myContracts -> /contracts',
      'subAccounts: subAccounts -> /sub-accounts',
      'reports: dailyTransactionsReport -> /daily-transactions-report',
      'reports: contractLedger -> /contract-acc-ledger',
      'reports: balanceSettlement -> /merchant-balance-settlement',
      'reports: usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      'settings: profile -> /profile',
      'settings: security -> /security',
      'settings: settlementSetting -> /settlement-setting',
    ]);
  });

  it('merchant sub-account with payin and reports', () => {
    const menu = buildSideMenu({ ...merchant, modules: ['payin', 'reports'] });
    expect(menu.groups.map((g) => g.id)).toEqual([
      'dashboard',
      'payin',
      'risk',
      'reports',
      'settings',
    ]);
  });

  it('adds the settlement groups when only withdrawal is present', () => {
    const menu = buildSideMenu({ ...reseller, modules: ['withdrawal'] });
    expect(menu.groups.map((g) => g.id)).toEqual([
      'dashboard',
      'settlement',
      'settlementWallet',
      'withdrawal',
      'settings',
      'support',
    ]);
  });

  it('shows Resellers & Merchants Contracts to admins only, though the route admits any type', () => {
    const labels = (v: MenuViewer) =>
      buildSideMenu(v).groups.flatMap((g) => g.items.map((i) => i.label));
    expect(labels(admin)).toContain('resellerMerchantContracts');
    expect(labels({ ...reseller, modules: MODULES })).not.toContain('resellerMerchantContracts');
    expect(labels({ ...merchant, modules: MODULES })).not.toContain('resellerMerchantContracts');
  });

  it('never shows a link whose route the viewer may not open', () => {
    const labels = buildSideMenu({ ...merchant, modules: MODULES }).groups.flatMap((g) =>
      g.items.map((i) => i.routeId),
    );
    for (const denied of ['resellers', 'withdrawals', 'topUps', 'paymentGateway', 'profitReport']) {
      expect(labels).not.toContain(denied);
    }
  });

  it('adds the component gallery in the horizontal menu only', () => {
    expect(buildSideMenu(admin).groups.map((g) => g.id)).not.toContain('components');
    const horizontal = buildHorizontalMenu(admin);
    expect(horizontal.groups.at(-1)?.items.map((i) => pathOf(i.routeId))).toEqual([
      '/ui',
      '/form',
      '/charts',
      '/icons',
    ]);
  });
});
