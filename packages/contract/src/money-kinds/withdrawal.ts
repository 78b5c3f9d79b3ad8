import { WITHDRAWAL_LIFECYCLE, WITHDRAWAL_PENDING_STATUSES } from '../lifecycles';
import { defineMoneyKind, kindRoute, reservationJournals } from './money-kind';
import { SETTLEMENT_TONES } from './settlement';

/** A withdrawal: a reseller takes out its commission, once approved. */
export const WITHDRAWAL_KIND = defineMoneyKind({
  name: 'withdrawal',
  noun: 'withdrawal',
  lifecycle: WITHDRAWAL_LIFECYCLE,
  tones: SETTLEMENT_TONES,
  outcomes: { success: ['completed'], failed: ['rejected', 'blocked'] },
  pendingStatuses: WITHDRAWAL_PENDING_STATUSES,
  table: 'withdrawals',
  owner: 'reseller',
  listRule: 'withdrawalNotMerchant',
  money: { effect: 'debit', balance: 'commission', reserve: 'commission_reserved' },
  journalKinds: reservationJournals('withdrawal'),
  approval: {
    awaiting: 'pending',
    moneyOut: true,
    tierKind: 'withdrawal',
    decisionRule: 'withdrawalNotMerchant',
    queueRoute: 'withdrawalsPending',
  },
  quoted: true,
  notified: false,
  balanceColumn: 'withdrawn',
  routes: [
    kindRoute('withdrawals', '/withdrawals/list', 'withdrawalNotMerchant'),
    kindRoute('withdrawalsPending', '/withdrawals/pending-list', 'withdrawalNotMerchant'),
  ],
  menu: [
    { group: 'withdrawal', label: 'withdrawals', routeId: 'withdrawals' },
    { group: 'withdrawal', label: 'withdrawalsPending', routeId: 'withdrawalsPending' },
  ],
});
