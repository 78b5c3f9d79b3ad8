import { defineLifecycle } from '../lifecycles';
import { defineMoneyKind, kindRoute } from './money-kind';

/**
 * A refund: money given back to the payer of a successful pay-in, in its currency. Reserved
 * from the merchant's available balance on request; above the currency's approval threshold it
 * waits for two admins; then its gateway pays it back (`succeeded`, the reservation is posted)
 * or cannot (`failed`, voided). `rejected`: refused before the gateway tried (an admin, the
 * expiry sweep, or the gateway refusing it at hand-over); voided too.
 */
export const REFUND_LIFECYCLE = defineLifecycle('refund', 'requested', {
  requested: ['pending_approval', 'processing', 'rejected'],
  pending_approval: ['processing', 'rejected'],
  processing: ['succeeded', 'failed', 'rejected'],
  succeeded: [],
  failed: [],
  rejected: [],
});

export type RefundStatus = keyof typeof REFUND_LIFECYCLE.transitions;
export const REFUND_STATUSES = REFUND_LIFECYCLE.states;

/** The refunds its pending queue holds (/refunds/pending-list). */
export const REFUND_PENDING_STATUSES = [
  'pending_approval',
] as const satisfies readonly RefundStatus[];

export const REFUND_KIND = defineMoneyKind({
  name: 'refund',
  noun: 'refund',
  lifecycle: REFUND_LIFECYCLE,
  tones: {
    requested: 'secondary',
    pending_approval: 'warning',
    processing: 'info',
    succeeded: 'success',
    failed: 'danger',
    rejected: 'danger',
  },
  outcomes: { success: ['succeeded'], failed: ['failed', 'rejected'] },
  pendingStatuses: REFUND_PENDING_STATUSES,
  table: 'refunds',
  owner: 'merchant',
  listRule: 'payin',
  money: { effect: 'debit', balance: 'available', reserve: 'reserved' },
  journalKinds: ['refund.reserve', 'refund.post', 'refund.void', 'refund.fee_return'],
  approval: {
    awaiting: 'pending_approval',
    moneyOut: true,
    decisionRule: 'payinAdmin',
    queueRoute: 'refundsPending',
  },
  quoted: false,
  notified: true,
  gatewayFlow: 'out',
  profit: 'revenue',
  // A refund's fee is the platform's alone (docs/money.md): no gateway cost.
  zeroProfitFigures: ['gateway_cost'],
  parentKind: 'payin',
  routes: [
    kindRoute('refunds', '/refunds/list', 'payin'),
    kindRoute('refundsPending', '/refunds/pending-list', 'payinAdmin'),
  ],
  menu: [
    { group: 'payin', label: 'refunds', routeId: 'refunds' },
    { group: 'payin', label: 'refundsPending', routeId: 'refundsPending' },
  ],
});
