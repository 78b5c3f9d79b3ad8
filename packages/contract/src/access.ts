import type { AccountType, ModuleName } from './accounts';

/**
 * Who may reach a route or a call. `public`: anyone; `guest`: only someone signed out
 * (sign-in pages); `user`: someone signed in whose account type is in `accountTypes`
 * (when given) and who holds at least one of `anyModule` (when given).
 */
export interface AccessRule {
  readonly audience: 'public' | 'guest' | 'user';
  readonly accountTypes?: readonly AccountType[];
  readonly anyModule?: readonly ModuleName[];
}

/** What the access check needs to know of the signed-in account. */
export interface Viewer {
  readonly accountType: AccountType;
  readonly modules: readonly ModuleName[];
}

/** The outcome of an access check; the route guard and the server each map it to their answer. */
export type AccessDecision = 'allowed' | 'sign-in-required' | 'guests-only' | 'denied';

/** Decides whether `viewer` (null when signed out) passes `rule`. */
export function decideAccess(rule: AccessRule, viewer: Viewer | null): AccessDecision {
  if (rule.audience === 'public') return 'allowed';
  if (rule.audience === 'guest') return viewer ? 'guests-only' : 'allowed';
  if (!viewer) return 'sign-in-required';
  if (rule.accountTypes && !rule.accountTypes.includes(viewer.accountType)) return 'denied';
  if (rule.anyModule && !rule.anyModule.some((m) => viewer.modules.includes(m))) return 'denied';
  return 'allowed';
}

const NOT_MERCHANT = ['admin', 'reseller'] as const;

/** The named rules of spec section 2; routes and calls refer to these, never to ad-hoc rules. */
export const RULES = {
  public: { audience: 'public' },
  guest: { audience: 'guest' },
  anyUser: { audience: 'user' },
  merchantOnly: { audience: 'user', accountTypes: ['merchant'] },
  /** Where a merchant's settlements are paid: the merchant, or its sub-account with settlements. */
  settlementSettings: { audience: 'user', accountTypes: ['merchant'], anyModule: ['settlements'] },
  adminOnly: { audience: 'user', accountTypes: ['admin'] },
  accountManagementNotMerchant: {
    audience: 'user',
    accountTypes: NOT_MERCHANT,
    anyModule: ['account_management'],
  },
  accountManagementAnyType: { audience: 'user', anyModule: ['account_management'] },
  /** Setting a merchant's prices (contract versions): admins only, resellers read them. */
  accountManagementAdmin: {
    audience: 'user',
    accountTypes: ['admin'],
    anyModule: ['account_management'],
  },
  administrator: { audience: 'user', accountTypes: ['admin'], anyModule: ['administrator'] },
  reportsNotMerchant: { audience: 'user', accountTypes: NOT_MERCHANT, anyModule: ['reports'] },
  reports: { audience: 'user', anyModule: ['reports'] },
  /** The platform's own report figures (the profit per gateway, issue 43): admins with reports. */
  reportsAdmin: { audience: 'user', accountTypes: ['admin'], anyModule: ['reports'] },
  reportsAdminOrMerchant: {
    audience: 'user',
    accountTypes: ['admin', 'merchant'],
    anyModule: ['reports'],
  },
  reportsAdminOrReseller: {
    audience: 'user',
    accountTypes: ['admin', 'reseller'],
    anyModule: ['reports'],
  },
  payin: { audience: 'user', anyModule: ['payin'] },
  payout: { audience: 'user', anyModule: ['payout'] },
  payoutAdmin: { audience: 'user', accountTypes: ['admin'], anyModule: ['payout'] },
  /** Deciding refunds (maker-checker) and their pending queue: admins with the payin module. */
  payinAdmin: { audience: 'user', accountTypes: ['admin'], anyModule: ['payin'] },
  /** Asking for a refund: a merchant (or its sub-account) with payin, or an admin on its behalf. */
  payinRefund: { audience: 'user', accountTypes: ['admin', 'merchant'], anyModule: ['payin'] },
  /** The original's check for /contracts always passes for anyone with modules. */
  contracts: { audience: 'user' },
  settlementsOrWithdrawal: { audience: 'user', anyModule: ['settlements', 'withdrawal'] },
  withdrawalNotMerchant: {
    audience: 'user',
    accountTypes: NOT_MERCHANT,
    anyModule: ['withdrawal'],
  },
  topUpAdmin: { audience: 'user', accountTypes: ['admin'], anyModule: ['top_up'] },
  /** The USDT wallet: settlements go into it and withdrawals out of it. */
  usdtWallet: { audience: 'user', anyModule: ['settlements', 'withdrawal'] },
  subAccounts: { audience: 'user', anyModule: ['sub_accounts'] },
  technicalMerchant: { audience: 'user', accountTypes: ['merchant'], anyModule: ['technical'] },
  technical: { audience: 'user', anyModule: ['technical'] },
  /**
   * Risk lists, rules, backtests and rule reports (issue 42): anyone who watches pay-ins or
   * pay-outs; the server scopes what each sees (platform rows to admins only).
   */
  risk: { audience: 'user', anyModule: ['payin', 'payout'] },
  /** The risk review queue and its decisions: admins who run a money kind a rule can hold. */
  riskReview: {
    audience: 'user',
    accountTypes: ['admin'],
    anyModule: ['payin', 'payout', 'settlements', 'withdrawal'],
  },
} as const satisfies Record<string, AccessRule>;

export type RuleName = keyof typeof RULES;
