/**
 * The side menu's groups (spec section 2, "Side menu by role"), in the order the menu shows
 * them. Apart from menu.ts so that a money kind can name its group without importing the menu,
 * which is built from the kinds.
 */
export const MENU_GROUP_IDS = [
  'dashboard',
  'payin',
  'payout',
  'settlement',
  'settlementWallet',
  'withdrawal',
  'topUp',
  'risk',
  'accountManagement',
  'technical',
  'administrator',
  'myContracts',
  'subAccounts',
  'reports',
  'settings',
  'support',
  'components',
] as const;
export type MenuGroupId = (typeof MENU_GROUP_IDS)[number];
