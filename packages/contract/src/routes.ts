import { RULES, type RuleName } from './access';
import { MONEY_KIND_ROUTES } from './money-kinds';

/**
 * One entry of the route table (spec section 2). `pattern` uses the spec's notation:
 * `{name}` is one path segment's worth of parameter, everything else is literal.
 * The web router, its guard, the side menu and the server's call authorization all read this.
 */
export interface RouteDef {
  readonly id: string;
  readonly pattern: string;
  readonly rule: RuleName;
  /** Special routes act instead of showing a screen. */
  readonly kind?: 'screen' | 'action';
}

// Generic in the id so that RouteId is the union of ids, not `string`.
const route = <Id extends string>(
  id: Id,
  pattern: string,
  rule: RuleName,
  kind: RouteDef['kind'] = 'screen',
) => ({ id, pattern, rule, kind }) as const satisfies RouteDef;

/** Every route of the product, in the order the spec lists them. */
export const ROUTES = [
  // Any logged-in user.
  route('dashboard', '/', 'anyUser'),
  route('dashboardV2', '/dashboardv2', 'anyUser'),
  route('profile', '/profile', 'anyUser'),
  route('security', '/security', 'anyUser'),
  route('starter', '/starter', 'anyUser'),
  route('logout', '/logout', 'anyUser', 'action'),
  route('notFound', '/404', 'anyUser'),
  route('settlementSetting', '/settlement-setting', 'merchantOnly'),
  // Account management.
  route('resellers', '/reseller', 'accountManagementNotMerchant'),
  route('resellerDetail', '/reseller/{id}', 'accountManagementNotMerchant'),
  route('merchants', '/merchants', 'accountManagementNotMerchant'),
  route('merchantsOfReseller', '/merchants/from-reseller={id}', 'accountManagementNotMerchant'),
  route('resellerContracts', '/reseller-contracts', 'accountManagementNotMerchant'),
  route(
    'resellerMerchantContractRates',
    '/reseller/{id}/reseller-&-merchant-contract-rates',
    'accountManagementAnyType',
  ),
  // Administrator.
  route('paymentGateway', '/payment-gateway', 'administrator'),
  route('paymentGatewayMonitoring', '/payment-gateway/monitoring', 'administrator'),
  // Beyond the spec (issue 43; docs/routing.md, 'The profiles screen').
  route('paymentGatewayRouting', '/payment-gateway/routing', 'administrator'),
  route('balanceReports', '/balance-reports', 'administrator'),
  route('earningsReport', '/earnings-report', 'administrator'),
  route('allCurrencyBalance', '/all-currency-balance', 'administrator'),
  route('pgCurrencyBalance', '/pg-currency-balance', 'administrator'),
  route('reportSetting', '/report-setting', 'administrator'),
  route('withdrawalHistory', '/withdrawal-history/list', 'administrator'),
  route('adminLogs', '/admin-logs', 'administrator'),
  // Beyond the spec (issue 30; docs/operations.md, "Why the Administrator menu has Outbox").
  route('adminOutbox', '/admin-outbox', 'administrator'),
  // Beyond the spec (issue 44; docs/money.md, "Why the Administrator menu has Ledger seals").
  route('ledgerSeals', '/ledger-seals', 'administrator'),
  // Beyond the spec (issue 40; docs/operations.md, "Why the Administrator menu has Team").
  route('adminTeam', '/admin-team', 'administrator'),
  // Beyond the spec (issue 28; docs/operations.md, "Why the Administrator menu has
  // Reconciliation").
  route('reconciliation', '/reconciliation', 'administrator'),
  route('reconciliationRun', '/reconciliation/{id}', 'administrator'),
  // Beyond the spec (issue 42; docs/risk.md, 'Why the menu has Risk controls').
  route('riskRules', '/risk/rules', 'risk'),
  route('riskRule', '/risk/rules/{id}', 'risk'),
  route('riskReview', '/risk/review', 'riskReview'),
  route('contractLedgerSummary', '/contract-ledger-summary', 'administrator'),
  route('forceChangeUsdt', '/force-change-usdt', 'administrator'),
  route('generalSettings', '/general-settings', 'administrator'),
  // Reports.
  route('profitReport', '/profit-report', 'reportsNotMerchant'),
  route('detailedProfitReport', '/profit-report/{id}/detailed-profit-report', 'reportsNotMerchant'),
  // Beyond the spec (issue 43; docs/routing.md, 'Cost per gateway in the profit reports').
  route('gatewayProfitReport', '/profit-report/by-gateway', 'reportsAdmin'),
  route('merchantStatement', '/merchant/{id}/merchant-statement', 'reportsNotMerchant'),
  route('resellerContractAccLedger', '/reseller-contract-acc-ledger', 'reportsNotMerchant'),
  route(
    'resellerContractAccLedgerById',
    '/reseller-contract-acc-ledger/{id}',
    'reportsNotMerchant',
  ),
  route('contractAccLedger', '/contract-acc-ledger', 'reports'),
  route('contractAccLedgerById', '/contract-acc-ledger/{id}', 'reports'),
  route('usdtWalletBalanceSettlement', '/usdt-wallet-balance-settlement', 'reports'),
  route('dailyTransactionsReport', '/daily-transactions-report', 'reportsAdminOrMerchant'),
  route('merchantBalanceSettlement', '/merchant-balance-settlement', 'reportsAdminOrMerchant'),
  route('dailyEarningReport', '/daily-earning-report', 'reportsAdminOrReseller'),
  route('resellerEarningStatement', '/reseller-earning-statement', 'reportsAdminOrReseller'),
  route('resellerBalanceSettlement', '/reseller-balance-settlement', 'reportsAdminOrReseller'),
  // Beyond the spec (issue 44; docs/money.md, "Every figure opens its entries"): reached from
  // the figures it explains, in no menu.
  route('ledgerEntries', '/ledger-entries', 'reports'),
  // Money lists: each money kind's screens (money-kinds/), then the contracts list.
  ...MONEY_KIND_ROUTES,
  route('contracts', '/contracts', 'contracts'),
  route('subAccounts', '/sub-accounts', 'subAccounts'),
  route('merchantSettings', '/merchant-settings', 'technicalMerchant'),
  route('apiDocumentation', '/api-documentation', 'technical'),
  route('technicalSupport', '/technical-support', 'technical'),
  route('technicalInformation', '/technical-information', 'technical'),
  // Beyond the spec (issue 42; docs/risk.md, 'Why the menu has Risk controls').
  route('riskLists', '/risk/lists', 'risk'),
  route('riskList', '/risk/lists/{id}', 'risk'),
  // Beyond the spec (issue 42; docs/risk.md, 'Reports').
  route('riskReports', '/risk/reports', 'risk'),
  // Guest routes.
  route('login', '/login', 'guest'),
  route('accountLogin', '/account/login', 'guest'),
  route('twoFactorVerify', '/account/security/2fa/verify', 'guest'),
  route('twoFactorSetup', '/account/security/2fa/setup', 'guest'),
  route('loginIpSetup', '/account/security/whitelisted-login-ip/setup', 'guest'),
  route('updateNewPassword', '/account/{account_type}/security/update-new-password', 'guest'),
  route('forgotPassword', '/account/forgot-password', 'guest'),
  route('resetPassword', '/account/reset-password', 'guest'),
  // Special routes.
  route('supportOnTelegram', '/support-on-telegram', 'anyUser', 'action'),
  route('marketingMaterials', '/marketing-materials', 'anyUser', 'action'),
  route('reset', '/reset', 'public', 'action'),
  route('skype', '/skype', 'public', 'action'),
  route('error', '/error', 'public'),
  // The template's demo routes (horizontal menu only) show this product's own UI components.
  route('galleryUi', '/ui', 'anyUser'),
  route('galleryForms', '/form', 'anyUser'),
  route('galleryCharts', '/charts', 'anyUser'),
  route('galleryIcons', '/icons', 'anyUser'),
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

/** A route found for a path, with its parameters. */
export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split(/(\{[a-z_]+\})/i)
    .map((part) => {
      const name = /^\{([a-z_]+)\}$/i.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { regex: new RegExp(`^${source}/?$`), names };
}

const COMPILED = ROUTES.map((r) => ({ route: r as RouteDef, ...compilePattern(r.pattern) }));

/** Finds the route for a pathname (no query string), or null when the path is unknown. */
export function matchRoute(pathname: string): RouteMatch | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  for (const c of COMPILED) {
    const m = c.regex.exec(decoded);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.names.forEach((n, i) => (params[n] = m[i + 1] ?? ''));
    return { route: c.route, params };
  }
  return null;
}

/** The route with this id. */
export function routeById(id: RouteId): RouteDef {
  const found = ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
}

/** Builds a path from a route id and its parameters. */
export function pathOf(id: RouteId, params: Record<string, string> = {}): string {
  return routeById(id).pattern.replace(/\{([a-z_]+)\}/gi, (_, n: string) =>
    encodeURIComponent(params[n] ?? ''),
  );
}

/** The access rule of a route, by id. */
export function ruleOfRoute(id: RouteId) {
  return RULES[routeById(id).rule];
}
