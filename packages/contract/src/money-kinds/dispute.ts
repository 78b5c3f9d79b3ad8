import { defineLifecycle } from '../lifecycles';
import { defineMoneyKind, kindRoute } from './money-kind';

/**
 * A dispute (chargeback): a payer disputed a successful pay-in with their bank and the gateway
 * took the money back. The disputed amount and the dispute fee are held from the merchant's
 * available balance the moment it is opened; the merchant answers with evidence before
 * `respond_by` (`evidence_submitted`) or accepts it (`accepted`); the gateway then rules `won`
 * (the hold comes back) or `lost` (the hold is the gateway's for good). A dispute still `opened`
 * past its deadline is lost by the deadline sweep.
 */
export const DISPUTE_LIFECYCLE = defineLifecycle('dispute', 'opened', {
  opened: ['evidence_submitted', 'accepted', 'lost'],
  evidence_submitted: ['won', 'lost'],
  accepted: ['lost'],
  won: [],
  lost: [],
});

export type DisputeStatus = keyof typeof DISPUTE_LIFECYCLE.transitions;
export const DISPUTE_STATUSES = DISPUTE_LIFECYCLE.states;

/** The disputes still holding money (their hold is open until won or lost). */
export const DISPUTE_OPEN_STATUSES = [
  'opened',
  'evidence_submitted',
  'accepted',
] as const satisfies readonly DisputeStatus[];

/** The disputes that need the merchant's answer (/disputes/pending-list, by deadline). */
export const DISPUTE_PENDING_STATUSES = ['opened'] as const satisfies readonly DisputeStatus[];

export const DISPUTE_KIND = defineMoneyKind({
  name: 'dispute',
  noun: 'dispute',
  lifecycle: DISPUTE_LIFECYCLE,
  tones: {
    opened: 'warning',
    evidence_submitted: 'info',
    accepted: 'dark',
    won: 'success',
    lost: 'danger',
  },
  // For the merchant a won dispute is money kept, a lost one money gone.
  outcomes: { success: ['won'], failed: ['lost'] },
  // The reports count what left for good: a lost dispute's amount and fee (docs/money.md).
  reportCounts: ['lost'],
  // ...and the fee the gateway kept on a won one (its rollup fee is `fee − fee_returned`).
  reportFees: ['won'],
  pendingStatuses: DISPUTE_PENDING_STATUSES,
  table: 'disputes',
  owner: 'merchant',
  listRule: 'payin',
  money: { effect: 'debit', balance: 'available' },
  journalKinds: ['dispute.hold', 'dispute.release', 'dispute.lose'],
  quoted: false,
  notified: true,
  gatewayFlow: 'out',
  profit: 'cost',
  parentKind: 'payin',
  // Everyone with payin sees the queue: merchants answer from it, resellers watch their
  // merchants' deadlines, admins use it as the "expiring soon" queue.
  routes: [
    kindRoute('disputes', '/disputes/list', 'payin'),
    kindRoute('disputesPending', '/disputes/pending-list', 'payin'),
  ],
  menu: [
    { group: 'payin', label: 'disputes', routeId: 'disputes' },
    { group: 'payin', label: 'disputesPending', routeId: 'disputesPending' },
  ],
});
