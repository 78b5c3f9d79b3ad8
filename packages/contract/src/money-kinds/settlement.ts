import { SETTLEMENT_LIFECYCLE, SETTLEMENT_PENDING_STATUSES } from '../lifecycles';
import { defineMoneyKind, kindRoute, reservationJournals } from './money-kind';

/** A settlement's badge tones (a withdrawal's lifecycle has the same states). */
export const SETTLEMENT_TONES = {
  pending: 'warning',
  approved: 'primary',
  completed: 'success',
  rejected: 'danger',
  held_for_review: 'warning',
  blocked: 'danger',
} as const;

/** What a settlement's two destinations share: one table, one lifecycle, one balance. */
const SETTLEMENT_FACTS = {
  lifecycle: SETTLEMENT_LIFECYCLE,
  tones: SETTLEMENT_TONES,
  outcomes: { success: ['completed'], failed: ['rejected', 'blocked'] },
  pendingStatuses: SETTLEMENT_PENDING_STATUSES,
  table: 'settlements',
  owner: 'merchant',
  listRule: 'settlementsOrWithdrawal',
  money: { effect: 'debit', balance: 'available', reserve: 'reserved' },
  quoted: true,
  notified: false,
} as const;

export const SETTLEMENT_KIND = defineMoneyKind({
  name: 'settlement',
  noun: 'settlement',
  ...SETTLEMENT_FACTS,
  journalKinds: reservationJournals('settlement'),
  // The reports' settlement columns count both destinations (report-figure rows).
  profit: 'revenue',
  // No gateway moves a settlement: it has no gateway cost.
  zeroProfitFigures: ['gateway_cost'],
  approval: {
    awaiting: 'pending',
    moneyOut: true,
    tierKind: 'settlement',
    destination: 'bank',
    decisionRule: 'settlementsOrWithdrawal',
    queueRoute: 'settlementsPending',
  },
  routes: [
    kindRoute('settlements', '/settlement/list', 'settlementsOrWithdrawal'),
    kindRoute('settlementsPending', '/settlement/pending-list', 'settlementsOrWithdrawal'),
  ],
  menu: [
    { group: 'settlement', label: 'settlements', routeId: 'settlements' },
    { group: 'settlement', label: 'settlementsPending', routeId: 'settlementsPending' },
  ],
});

/** A settlement to the merchant's USDT wallet: the settlements table, its own destination. */
export const SETTLEMENT_WALLET_KIND = defineMoneyKind({
  name: 'settlement_wallet',
  noun: 'settlement to the USDT wallet',
  ...SETTLEMENT_FACTS,
  journalKinds: reservationJournals('settlement_wallet'),
  approval: {
    awaiting: 'pending',
    moneyOut: true,
    tierKind: 'settlement',
    destination: 'usdt_wallet',
    decisionRule: 'settlementsOrWithdrawal',
    queueRoute: 'settlementWalletPending',
  },
  routes: [
    kindRoute('settlementWallet', '/settlement-wallet/list', 'settlementsOrWithdrawal'),
    kindRoute(
      'settlementWalletPending',
      '/settlement-wallet/pending-list',
      'settlementsOrWithdrawal',
    ),
  ],
  menu: [
    { group: 'settlementWallet', label: 'settlementWallet', routeId: 'settlementWallet' },
    {
      group: 'settlementWallet',
      label: 'settlementWalletPending',
      routeId: 'settlementWalletPending',
    },
  ],
});
