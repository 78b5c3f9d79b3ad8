import type { AccountType, ModuleName } from './accounts';
import { decideAccess, RULES, type Viewer } from './access';
import type { MenuGroupId } from './menu-groups';
import { MONEY_KIND_MENU_LINKS } from './money-kinds';
import { routeById, type RouteId } from './routes';

/**
 * The side menu of spec section 2 ("Side menu by role"), built from route ids so that the menu,
 * the router and the guard can never disagree about a path. Labels are translation keys
 * (`menu.items.<label>`, `menu.groups.<id>`); the web app owns icons and wording.
 */
export interface MenuLink {
  /** Translation key of the label; several labels may lead to one route (e.g. contract ledger). */
  readonly label: string;
  readonly routeId: RouteId;
  readonly params?: Readonly<Record<string, string>>;
}

/** A group is one link (`link`) or a heading that opens its items (`submenu`). */
export interface MenuGroup {
  readonly id: MenuGroupId;
  readonly kind: 'link' | 'submenu';
  readonly items: readonly MenuLink[];
}

/** The section title is the account type: Admin, Reseller or Merchant. */
export interface SideMenu {
  readonly title: AccountType;
  readonly groups: readonly MenuGroup[];
}

/** What the menu needs to know of the signed-in account. */
export interface MenuViewer extends Viewer {
  /** The account's own code; fills `{id}` in menu links that need one (not for admins). */
  readonly accountDbCode: string;
}

interface LinkSpec {
  readonly label: string;
  readonly routeId: RouteId;
  /** Extra condition beyond the route's rule (the contract-rates quirk: admin only in menu). */
  readonly onlyFor?: readonly AccountType[];
}

interface GroupSpec {
  readonly id: MenuGroupId;
  readonly kind: MenuGroup['kind'];
  /** The group shows only when the viewer holds one of these modules. */
  readonly anyModule?: readonly ModuleName[];
  readonly onlyFor?: readonly AccountType[];
  readonly links: readonly LinkSpec[] | Readonly<Record<AccountType, readonly LinkSpec[]>>;
}

const link = (label: string, routeId: RouteId, onlyFor?: readonly AccountType[]): LinkSpec =>
  onlyFor ? { label, routeId, onlyFor } : { label, routeId };

/** The Reports submenu differs per account type (spec: "Reports submenu"). */
const REPORT_LINKS: Record<AccountType, readonly LinkSpec[]> = {
  admin: [
    link('profitReport', 'profitReport'),
    link('detailedProfitReport', 'detailedProfitReport'),
    link('dailyTransactionsReport', 'dailyTransactionsReport'),
    link('merchantContractLedger', 'contractAccLedger'),
    link('merchantBalanceSettlement', 'merchantBalanceSettlement'),
    link('usdtWalletBalanceSettlement', 'usdtWalletBalanceSettlement'),
  ],
  reseller: [
    link('profitReport', 'profitReport'),
    link('detailedProfitReport', 'detailedProfitReport'),
    link('merchantContractLedger', 'contractAccLedger'),
    link('usdtWalletBalanceSettlement', 'usdtWalletBalanceSettlement'),
  ],
  merchant: [
    link('dailyTransactionsReport', 'dailyTransactionsReport'),
    link('contractLedger', 'contractAccLedger'),
    link('balanceSettlement', 'merchantBalanceSettlement'),
    link('usdtWalletBalanceSettlement', 'usdtWalletBalanceSettlement'),
  ],
};

/** Settlement groups show with the settlements module, and also with withdrawal (spec). */
const SETTLEMENT_MODULES: readonly ModuleName[] = ['settlements', 'withdrawal'];

/** The money kinds' links that name the group `id`, in registry order. */
const kindLinks = (id: MenuGroupId): LinkSpec[] =>
  MONEY_KIND_MENU_LINKS.filter((l) => l.group === id).map((l) => link(l.label, l.routeId));

/** A money kind's group: the kinds' links that name it, in registry order. */
const kindGroup = (
  id: MenuGroupId,
  kind: MenuGroup['kind'],
  anyModule: readonly ModuleName[],
): GroupSpec => ({
  id,
  kind,
  anyModule,
  links: kindLinks(id),
});

/** The money groups of the side menu, in the spec's order; their links come from the registry. */
const MONEY_KIND_GROUPS: readonly GroupSpec[] = [
  kindGroup('payin', 'submenu', ['payin']),
  kindGroup('payout', 'submenu', ['payout']),
  kindGroup('settlement', 'submenu', SETTLEMENT_MODULES),
  kindGroup('settlementWallet', 'submenu', SETTLEMENT_MODULES),
  kindGroup('withdrawal', 'submenu', ['withdrawal']),
  kindGroup('topUp', 'link', ['top_up']),
];

/**
 * Risk controls: rules and lists, for who watches pay-ins or pay-outs, and the review queue,
 * for admins who run a kind a rule can hold (each link shows only to whom its route's rule
 * lets in). Beyond the spec (issue 42; docs/risk.md, "Why the menu has Risk controls").
 */
const RISK_GROUP: GroupSpec = {
  id: 'risk',
  kind: 'submenu',
  anyModule: ['payin', 'payout', 'settlements', 'withdrawal'],
  links: [
    link('riskReview', 'riskReview'),
    link('riskRules', 'riskRules'),
    link('riskLists', 'riskLists'),
    link('riskReports', 'riskReports'),
  ],
};

const SIDE_GROUPS: readonly GroupSpec[] = [
  { id: 'dashboard', kind: 'link', links: [link('dashboard', 'dashboard')] },
  ...MONEY_KIND_GROUPS,
  RISK_GROUP,
  {
    id: 'accountManagement',
    kind: 'submenu',
    anyModule: ['account_management'],
    links: [
      link('resellers', 'resellers'),
      link('merchants', 'merchants'),
      link('resellerContracts', 'resellerContracts'),
      link('merchantContracts', 'contracts'),
      link('resellerMerchantContracts', 'resellerMerchantContractRates', ['admin']),
    ],
  },
  {
    id: 'technical',
    kind: 'submenu',
    anyModule: ['technical'],
    links: [
      link('apiDocumentation', 'apiDocumentation'),
      link('technicalSupport', 'technicalSupport'),
      link('merchantSettings', 'merchantSettings'),
    ],
  },
  {
    id: 'administrator',
    kind: 'submenu',
    anyModule: ['administrator'],
    links: [
      link('generalSettings', 'generalSettings'),
      link('paymentGateway', 'paymentGateway'),
      link('paymentGatewayMonitoring', 'paymentGatewayMonitoring'),
      link('paymentGatewayRouting', 'paymentGatewayRouting'), // beyond the spec (issue 43)
      link('balanceReports', 'balanceReports'),
      link('earningsReport', 'earningsReport'),
      link('contractLedgerSummary', 'contractLedgerSummary'),
      link('allCurrencyBalance', 'allCurrencyBalance'),
      link('forceChangeUsdt', 'forceChangeUsdt'),
      link('adminLogs', 'adminLogs'),
      link('adminOutbox', 'adminOutbox'),
      link('ledgerSeals', 'ledgerSeals'), // beyond the spec (issue 44)
      link('adminTeam', 'adminTeam'),
      link('reconciliation', 'reconciliation'),
      // A kind an admin runs from here (balance adjustments) names this group in its registry entry.
      ...kindLinks('administrator'),
    ],
  },
  {
    id: 'myContracts',
    kind: 'link',
    anyModule: ['my_contracts'],
    links: [link('myContracts', 'contracts')],
  },
  {
    id: 'subAccounts',
    kind: 'link',
    anyModule: ['sub_accounts'],
    links: [link('subAccounts', 'subAccounts')],
  },
  { id: 'reports', kind: 'submenu', anyModule: ['reports'], links: REPORT_LINKS },
  {
    id: 'settings',
    kind: 'submenu',
    links: [
      link('profile', 'profile'),
      link('security', 'security'),
      link('settlementSetting', 'settlementSetting'),
    ],
  },
  // The spec names these special routes as part of the reseller menu.
  {
    id: 'support',
    kind: 'submenu',
    onlyFor: ['reseller'],
    links: [
      link('supportOnTelegram', 'supportOnTelegram'),
      link('marketingMaterials', 'marketingMaterials'),
    ],
  },
];

/** The template's demo groups: in the horizontal menu only, showing our own components. */
const COMPONENTS_GROUP: GroupSpec = {
  id: 'components',
  kind: 'submenu',
  links: [
    link('galleryUi', 'galleryUi'),
    link('galleryForms', 'galleryForms'),
    link('galleryCharts', 'galleryCharts'),
    link('galleryIcons', 'galleryIcons'),
  ],
};

/** Menu links with `{id}` point at the viewer's own account; admins see every account ('all'). */
function paramsFor(routeId: RouteId, viewer: MenuViewer): Record<string, string> | undefined {
  if (!routeById(routeId).pattern.includes('{id}')) return undefined;
  return { id: viewer.accountType === 'admin' ? 'all' : viewer.accountDbCode };
}

function buildGroup(spec: GroupSpec, viewer: MenuViewer): MenuGroup | null {
  if (spec.onlyFor && !spec.onlyFor.includes(viewer.accountType)) return null;
  if (spec.anyModule && !spec.anyModule.some((m) => viewer.modules.includes(m))) return null;
  const specs = Array.isArray(spec.links)
    ? (spec.links as readonly LinkSpec[])
    : (spec.links as Record<AccountType, readonly LinkSpec[]>)[viewer.accountType];
  const items: MenuLink[] = [];
  for (const s of specs) {
    if (s.onlyFor && !s.onlyFor.includes(viewer.accountType)) continue;
    if (decideAccess(RULES[routeById(s.routeId).rule], viewer) !== 'allowed') continue;
    const params = paramsFor(s.routeId, viewer);
    items.push(params ? { label: s.label, routeId: s.routeId, params } : s);
  }
  return items.length ? { id: spec.id, kind: spec.kind, items } : null;
}

/** The vertical layout's side menu for this viewer. */
export function buildSideMenu(viewer: MenuViewer): SideMenu {
  const groups = SIDE_GROUPS.map((g) => buildGroup(g, viewer)).filter(
    (g): g is MenuGroup => g !== null,
  );
  return { title: viewer.accountType, groups };
}

/** The horizontal layout's menu: the side menu plus the component gallery. */
export function buildHorizontalMenu(viewer: MenuViewer): SideMenu {
  const side = buildSideMenu(viewer);
  const components = buildGroup(COMPONENTS_GROUP, viewer);
  return { ...side, groups: components ? [...side.groups, components] : side.groups };
}
