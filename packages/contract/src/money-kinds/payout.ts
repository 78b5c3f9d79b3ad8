import { PAYOUT_LIFECYCLE, PAYOUT_PENDING_STATUSES } from '../lifecycles';
import { defineMoneyKind, kindRoute, reservationJournals } from './money-kind';

/** A pay-out: a merchant's money sent out through a gateway from its pay-out balance. */
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
    held_for_review: 'warning',
    queued_for_gateway: 'warning',
    blocked: 'danger',
  },
  outcomes: { success: ['success'], failed: ['failed', 'rejected', 'blocked'] },
  gatewayJudged: { success: ['success'], unsuccessful: ['failed'] },
  pendingStatuses: PAYOUT_PENDING_STATUSES,
  table: 'payouts',
  owner: 'merchant',
  listRule: 'payout',
  money: { effect: 'debit', balance: 'payout_available', reserve: 'payout_reserved' },
  journalKinds: reservationJournals('payout'),
  approval: {
    awaiting: 'pending_approval',
    moneyOut: true,
    tierKind: 'payout',
    decisionRule: 'payoutAdmin',
    queueRoute: 'payoutsPending',
  },
  quoted: true,
  notified: true,
  gatewayFlow: 'out',
  dashboard: { series: true },
  profit: 'revenue',
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
