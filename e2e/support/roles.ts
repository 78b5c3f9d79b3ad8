import type { AccountType, ModuleName } from '@bo/contract';

export interface DemoRole {
  readonly key: string;
  readonly email: string;
  readonly accountType: AccountType;
  readonly modules: readonly ModuleName[];
  /** The side menu the spec gives this role, as `label -> path`, written out by hand. */
  readonly menu: readonly string[];
}

const SETTINGS = ['profile -> /profile', 'security -> /security'];
// Beyond the spec: refunds and disputes sit in the Payin group (docs/operations.md, issues 26, 27).
const PAYIN = [
  'payins -> /transactions',
  'payinsProcessing -> /transactions/processing-list',
  'refunds -> /refunds/list',
];
const DISPUTES = ['disputes -> /disputes/list', 'disputesPending -> /disputes/pending-list'];
const PAYOUT = ['payouts -> /payouts/list', 'payoutsPending -> /payouts/pending-list'];
const SETTLEMENT = [
  'settlements -> /settlement/list',
  'settlementsPending -> /settlement/pending-list',
  'settlementWallet -> /settlement-wallet/list',
  'settlementWalletPending -> /settlement-wallet/pending-list',
];
const WITHDRAWAL = [
  'withdrawals -> /withdrawals/list',
  'withdrawalsPending -> /withdrawals/pending-list',
];
// Beyond the spec: the Risk controls group (docs/risk.md, "Why the menu has Risk controls").
const RISK = [
  'riskRules -> /risk/rules',
  'riskLists -> /risk/lists',
  'riskReports -> /risk/reports',
];
// Beyond the spec: risk controls (issue 42; docs/risk.md), the review queue for admins.
const RISK_REVIEW = ['riskReview -> /risk/review'];
const ACCOUNT_MANAGEMENT = [
  'resellers -> /reseller',
  'merchants -> /merchants',
  'resellerContracts -> /reseller-contracts',
  'merchantContracts -> /contracts',
];

/** The four demo sign-ins of the seeded world (server/src/seed). */
export const DEMO_ROLES: readonly DemoRole[] = [
  {
    key: 'admin',
    email: 'admin@demo.test',
    accountType: 'admin',
    modules: [
      'payin',
      'payout',
      'settlements',
      'withdrawal',
      'top_up',
      'account_management',
      'my_contracts',
      'reports',
      'technical',
      'sub_accounts',
      'administrator',
    ],
    menu: [
      'dashboard -> /',
      ...PAYIN,
      'refundsPending -> /refunds/pending-list',
      ...DISPUTES,
      ...PAYOUT,
      'inHousePayoutsPending -> /in-house-payouts/pending-list',
      ...SETTLEMENT,
      ...WITHDRAWAL,
      'topUps -> /top-up/list',
      ...RISK_REVIEW,
      ...RISK,
      ...ACCOUNT_MANAGEMENT,
      'resellerMerchantContracts -> /reseller/all/reseller-&-merchant-contract-rates',
      'apiDocumentation -> /api-documentation',
      'technicalSupport -> /technical-support',
      'generalSettings -> /general-settings',
      'paymentGateway -> /payment-gateway',
      'paymentGatewayMonitoring -> /payment-gateway/monitoring',
      'paymentGatewayRouting -> /payment-gateway/routing',
      'balanceReports -> /balance-reports',
      'earningsReport -> /earnings-report',
      'contractLedgerSummary -> /contract-ledger-summary',
      'allCurrencyBalance -> /all-currency-balance',
      'forceChangeUsdt -> /force-change-usdt',
      'adminLogs -> /admin-logs',
      'adminOutbox -> /admin-outbox',
      'ledgerSeals -> /ledger-seals',
      'adminTeam -> /admin-team',
      'reconciliation -> /reconciliation',
      'balanceAdjustments -> /balance-adjustments/list',
      'balanceAdjustmentsPending -> /balance-adjustments/pending-list',
      'myContracts -> /contracts',
      'subAccounts -> /sub-accounts',
      'profitReport -> /profit-report',
      'detailedProfitReport -> /profit-report/all/detailed-profit-report',
      'dailyTransactionsReport -> /daily-transactions-report',
      'merchantContractLedger -> /contract-acc-ledger',
      'merchantBalanceSettlement -> /merchant-balance-settlement',
      'usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      ...SETTINGS,
    ],
  },
  {
    key: 'reseller',
    email: 'reseller@demo.test',
    accountType: 'reseller',
    modules: [
      'payin',
      'payout',
      'settlements',
      'withdrawal',
      'account_management',
      'my_contracts',
      'reports',
      'technical',
      'sub_accounts',
    ],
    menu: [
      'dashboard -> /',
      ...PAYIN,
      ...DISPUTES,
      ...PAYOUT,
      ...SETTLEMENT,
      ...WITHDRAWAL,
      ...RISK,
      ...ACCOUNT_MANAGEMENT,
      'apiDocumentation -> /api-documentation',
      'technicalSupport -> /technical-support',
      'myContracts -> /contracts',
      'subAccounts -> /sub-accounts',
      'profitReport -> /profit-report',
      'detailedProfitReport -> /profit-report/RES00001/detailed-profit-report',
      'merchantContractLedger -> /contract-acc-ledger',
      'usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      ...SETTINGS,
      'supportOnTelegram -> /support-on-telegram',
      'marketingMaterials -> /marketing-materials',
    ],
  },
  {
    key: 'merchant',
    email: 'merchant@demo.test',
    accountType: 'merchant',
    modules: [
      'payin',
      'payout',
      'settlements',
      'my_contracts',
      'reports',
      'technical',
      'sub_accounts',
    ],
    menu: [
      'dashboard -> /',
      ...PAYIN,
      ...DISPUTES,
      ...PAYOUT,
      ...SETTLEMENT,
      ...RISK,
      'apiDocumentation -> /api-documentation',
      'technicalSupport -> /technical-support',
      'merchantSettings -> /merchant-settings',
      'myContracts -> /contracts',
      'subAccounts -> /sub-accounts',
      'dailyTransactionsReport -> /daily-transactions-report',
      'contractLedger -> /contract-acc-ledger',
      'balanceSettlement -> /merchant-balance-settlement',
      'usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      ...SETTINGS,
      'settlementSetting -> /settlement-setting',
    ],
  },
  {
    key: 'sub-account',
    email: 'sub@demo.test',
    accountType: 'merchant',
    modules: ['payin', 'reports'],
    menu: [
      'dashboard -> /',
      ...PAYIN,
      ...DISPUTES,
      ...RISK,
      'dailyTransactionsReport -> /daily-transactions-report',
      'contractLedger -> /contract-acc-ledger',
      'balanceSettlement -> /merchant-balance-settlement',
      'usdtWalletBalanceSettlement -> /usdt-wallet-balance-settlement',
      ...SETTINGS,
      'settlementSetting -> /settlement-setting',
    ],
  },
];
