import {
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  PAYOUT_PENDING_STATUSES,
  SETTLEMENT_LIFECYCLE,
  SETTLEMENT_PENDING_STATUSES,
  TOP_UP_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
  WITHDRAWAL_PENDING_STATUSES,
} from '../lifecycles';
import { defineMoneyKind, kindRoute } from './money-kind';

/** The journal kinds of a reserve-then-post-or-void request. */
const reservationJournals = (name: string) => [`${name}.reserve`, `${name}.post`, `${name}.void`];

export const PAYIN_KIND = defineMoneyKind({
  name: 'payin',
  noun: 'pay-in',
  lifecycle: PAYIN_LIFECYCLE,
  tones: {
    created: 'secondary',
    processing: 'info',
    success: 'success',
    failed: 'danger',
    expired: 'dark',
  },
  outcomes: { success: ['success'], failed: ['failed', 'expired'] },
  table: 'payins',
  owner: 'merchant',
  listRule: 'payin',
  money: { effect: 'credit', balance: 'available' },
  journalKinds: ['payin.success'],
  quoted: false,
  notified: true,
  routes: [
    kindRoute('payins', '/transactions', 'payin'),
    kindRoute('payinsProcessing', '/transactions/processing-list', 'payin'),
  ],
  menu: [
    { group: 'payin', label: 'payins', routeId: 'payins' },
    { group: 'payin', label: 'payinsProcessing', routeId: 'payinsProcessing' },
  ],
});

export const PAYOUT_KIND = defineMoneyKind({
  name: 'payout',
  noun: 'pay-out',
  lifecycle: PAYOUT_LIFECYCLE,
  tones: {
    requested: 'secondary',
    pending_approval: 'warning',
    processing: 'info',
    success: 'success',
    failed: 'danger',
    rejected: 'danger',
  },
  outcomes: { success: ['success'], failed: ['failed', 'rejected'] },
  pendingStatuses: PAYOUT_PENDING_STATUSES,
  table: 'payouts',
  owner: 'merchant',
  listRule: 'payout',
  money: { effect: 'debit', balance: 'payout_available', reserve: 'payout_reserved' },
  journalKinds: reservationJournals('payout'),
  approval: {
    awaiting: 'pending_approval',
    moneyOut: true,
    decisionRule: 'payoutAdmin',
    queueRoute: 'payoutsPending',
  },
  quoted: true,
  notified: true,
  routes: [
    kindRoute('payouts', '/payouts/list', 'payout'),
    kindRoute('payoutsPending', '/payouts/pending-list', 'payout'),
    kindRoute('inHousePayoutsPending', '/in-house-payouts/pending-list', 'payoutAdmin'),
    kindRoute('payoutDetails', '/payout/{id}/details', 'payoutAdmin'),
  ],
  menu: [
    { group: 'payout', label: 'payouts', routeId: 'payouts' },
    { group: 'payout', label: 'payoutsPending', routeId: 'payoutsPending' },
    { group: 'payout', label: 'inHousePayoutsPending', routeId: 'inHousePayoutsPending' },
  ],
});

const SETTLEMENT_TONES = {
  pending: 'warning',
  approved: 'primary',
  completed: 'success',
  rejected: 'danger',
} as const;

/** What a settlement's two destinations share: one table, one lifecycle, one balance. */
const SETTLEMENT_FACTS = {
  lifecycle: SETTLEMENT_LIFECYCLE,
  tones: SETTLEMENT_TONES,
  outcomes: { success: ['completed'], failed: ['rejected'] },
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
  approval: {
    awaiting: 'pending',
    moneyOut: true,
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

export const WITHDRAWAL_KIND = defineMoneyKind({
  name: 'withdrawal',
  noun: 'withdrawal',
  lifecycle: WITHDRAWAL_LIFECYCLE,
  tones: SETTLEMENT_TONES,
  outcomes: { success: ['completed'], failed: ['rejected'] },
  pendingStatuses: WITHDRAWAL_PENDING_STATUSES,
  table: 'withdrawals',
  owner: 'reseller',
  listRule: 'withdrawalNotMerchant',
  money: { effect: 'debit', balance: 'commission', reserve: 'commission_reserved' },
  journalKinds: reservationJournals('withdrawal'),
  approval: {
    awaiting: 'pending',
    moneyOut: true,
    decisionRule: 'withdrawalNotMerchant',
    queueRoute: 'withdrawalsPending',
  },
  quoted: true,
  notified: false,
  routes: [
    kindRoute('withdrawals', '/withdrawals/list', 'withdrawalNotMerchant'),
    kindRoute('withdrawalsPending', '/withdrawals/pending-list', 'withdrawalNotMerchant'),
  ],
  menu: [
    { group: 'withdrawal', label: 'withdrawals', routeId: 'withdrawals' },
    { group: 'withdrawal', label: 'withdrawalsPending', routeId: 'withdrawalsPending' },
  ],
});

/** A top-up: an admin credits a merchant's pay-out balance on approval (one approver). */
export const TOP_UP_KIND = defineMoneyKind({
  name: 'top_up',
  noun: 'top-up',
  lifecycle: TOP_UP_LIFECYCLE,
  tones: { pending: 'warning', approved: 'primary', rejected: 'danger' },
  outcomes: { success: ['approved'], failed: ['rejected'] },
  table: 'top_ups',
  owner: 'merchant',
  listRule: 'topUpAdmin',
  money: { effect: 'credit', balance: 'payout_available' },
  journalKinds: ['top_up.approve'],
  approval: {
    awaiting: 'pending',
    moneyOut: false,
    creatorColumn: 'created_by',
    decisionRule: 'topUpAdmin',
    queueRoute: 'topUps',
  },
  quoted: true,
  notified: false,
  routes: [kindRoute('topUps', '/top-up/list', 'topUpAdmin')],
  menu: [{ group: 'topUp', label: 'topUps', routeId: 'topUps' }],
});
