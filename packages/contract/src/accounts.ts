/** The three account types of spec section 3. A sub-account has its parent's type. */
export const ACCOUNT_TYPES = ['admin', 'reseller', 'merchant'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Modules of spec section 3, by the names the server sends in `modules`. */
export const MODULES = [
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
] as const;
export type ModuleName = (typeof MODULES)[number];

/** Sub-modules of the administrator module (spec section 3). */
export const ADMINISTRATOR_SUBMODULES = [
  'payment_gateway',
  'balance_sheet',
  'earnings_report',
  'contract_ledger_summary',
  'all_currency_balance',
  'force_change_usdt',
  'admin_logs',
] as const;
export type AdministratorSubmodule = (typeof ADMINISTRATOR_SUBMODULES)[number];

/** The modules a newly made account of each type gets by default (what a real one has). */
export const DEFAULT_MODULES: Record<AccountType, readonly ModuleName[]> = {
  admin: MODULES,
  reseller: [
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
  merchant: [
    'payin',
    'payout',
    'settlements',
    'my_contracts',
    'reports',
    'technical',
    'sub_accounts',
  ],
};

/** Languages the product is translated into (spec section 1). */
export const LANGUAGES = ['en', 'fr', 'es', 'zh', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Time zone choices of the profile (spec section 2, dashboard). */
export const TIMEZONE_CHOICES = [
  'Default',
  'Malaysia',
  'India',
  'Vietnam',
  'Thailand',
  'Brazil',
  'Australia',
] as const;
export type TimezoneChoice = (typeof TIMEZONE_CHOICES)[number];
