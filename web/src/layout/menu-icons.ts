import type { MenuGroupId } from '@bo/contract';

/** Bootstrap Icons class per menu group. */
export const MENU_ICONS: Record<MenuGroupId, string> = {
  dashboard: 'bi-speedometer2',
  payin: 'bi-box-arrow-in-down',
  payout: 'bi-box-arrow-up',
  settlement: 'bi-bank',
  settlementWallet: 'bi-wallet2',
  withdrawal: 'bi-cash-stack',
  topUp: 'bi-plus-circle',
  risk: 'bi-shield-exclamation',
  accountManagement: 'bi-people',
  technical: 'bi-code-slash',
  administrator: 'bi-shield-check',
  myContracts: 'bi-file-earmark-text',
  subAccounts: 'bi-person-badge',
  reports: 'bi-bar-chart-line',
  settings: 'bi-gear',
  support: 'bi-life-preserver',
  components: 'bi-grid-3x3-gap',
};
