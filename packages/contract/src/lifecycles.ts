/**
 * Every money lifecycle as a state machine: its states and the transitions allowed between
 * them, in one place. The server refuses any other transition; the web app reads the states
 * for its filters and labels.
 */
export interface Lifecycle<S extends string, N extends string = string> {
  readonly name: N;
  readonly states: readonly S[];
  readonly initial: S;
  readonly transitions: { readonly [K in S]: readonly S[] };
}

export function defineLifecycle<const N extends string, S extends string>(
  name: N,
  initial: S,
  transitions: { readonly [K in S]: readonly S[] },
): Lifecycle<S, N> {
  return { name, initial, transitions, states: Object.keys(transitions) as S[] };
}

/**
 * A pay-in: a late success after expiry is still accepted (the payer's money arrived). Risk
 * controls (issue 42) decide at intake, before the gateway is asked: a held pay-in
 * (`held_for_review`) waits for a reviewer, who lets it go on (`created`, then started as any
 * other) or declines it (`rejected`, also when its review expires); a `blocked` one is refused
 * for good and never reaches a gateway.
 */
export const PAYIN_LIFECYCLE = defineLifecycle('payin', 'created', {
  created: ['processing', 'failed', 'expired', 'held_for_review', 'blocked'],
  held_for_review: ['created', 'rejected'],
  processing: ['success', 'failed', 'expired'],
  expired: ['success'],
  success: [],
  failed: [],
  rejected: [],
  blocked: [],
});

/**
 * A pay-out: reserved on request, posted on success, voided on failure or rejection. `failed`:
 * the gateway (or the in-house team) tried and the transfer did not go through; `rejected`: it
 * was refused before any transfer was tried, by an admin (or the expiry sweep) while it awaited
 * approval, or by its gateway when it was handed over. The same word as a settlement's or a
 * withdrawal's refusal. Risk controls (issue 42) may hold a new pay-out for review
 * (`held_for_review`: its money reserved, never sent until a reviewer lets it go) or block it
 * (`blocked`: refused at intake, nothing reserved). A pay-out about to go to its gateway whose
 * deposit balance, net of the pay-outs already in flight there, does not cover it waits in
 * `queued_for_gateway` (its money reserved, never sent) until the deposit covers it (issue 43,
 * docs/routing.md "Pay-outs and the gateway's deposit").
 */
export const PAYOUT_LIFECYCLE = defineLifecycle('payout', 'requested', {
  requested: [
    'pending_approval',
    'processing',
    'failed',
    'rejected',
    'held_for_review',
    'blocked',
    'queued_for_gateway',
  ],
  pending_approval: ['processing', 'rejected', 'queued_for_gateway'],
  held_for_review: ['processing', 'rejected', 'queued_for_gateway'],
  queued_for_gateway: ['processing', 'rejected'],
  processing: ['success', 'failed', 'rejected'],
  success: [],
  failed: [],
  rejected: [],
  blocked: [],
});

/**
 * A settlement (to bank or to the USDT wallet), a withdrawal: reserve, then post or void. Risk
 * controls (issue 42) may hold a request for review (`held_for_review`, reserved; a reviewer's
 * approval counts as its approval) or block it (`blocked`, nothing reserved).
 */
export const SETTLEMENT_LIFECYCLE = defineLifecycle('settlement', 'pending', {
  pending: ['approved', 'rejected', 'held_for_review', 'blocked'],
  held_for_review: ['approved', 'rejected'],
  approved: ['completed', 'rejected'],
  completed: [],
  rejected: [],
  blocked: [],
});

export const WITHDRAWAL_LIFECYCLE = defineLifecycle('withdrawal', 'pending', {
  pending: ['approved', 'rejected', 'held_for_review', 'blocked'],
  held_for_review: ['approved', 'rejected'],
  approved: ['completed', 'rejected'],
  completed: [],
  rejected: [],
  blocked: [],
});

/**
 * The statuses risk controls (issue 42) put a new request in: waiting for a reviewer, or
 * refused at intake. Every kind a rule can watch has both, with these names.
 */
export const RISK_HELD_STATUS = 'held_for_review' as const;
export const RISK_BLOCKED_STATUS = 'blocked' as const;

/** A pay-out waiting for its gateway's deposit to cover it (issue 43). */
export const PAYOUT_QUEUED_STATUS = 'queued_for_gateway' as const;

/** A top-up: an admin credits a merchant's pay-out balance on approval. */
export const TOP_UP_LIFECYCLE = defineLifecycle('top_up', 'pending', {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
});

/** A change of a guarded setting (a USDT rate beyond its band, an approval setting). */
export const SETTING_CHANGE_LIFECYCLE = defineLifecycle('setting_change', 'pending', {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
});

export type PayinStatus = keyof typeof PAYIN_LIFECYCLE.transitions;
export type PayoutStatus = keyof typeof PAYOUT_LIFECYCLE.transitions;
export type SettlementStatus = keyof typeof SETTLEMENT_LIFECYCLE.transitions;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_LIFECYCLE.transitions;
export type TopUpStatus = keyof typeof TOP_UP_LIFECYCLE.transitions;

/**
 * The pay-outs the pending queue holds (/payouts/pending-list): waiting for an admin's
 * approval. The dashboard's pending pay-outs count exactly these.
 */
export const PAYOUT_PENDING_STATUSES = [
  'pending_approval',
] as const satisfies readonly PayoutStatus[];

/**
 * The pay-outs an admin may reject (`rejectPayout`, the lists' Reject): those no gateway holds
 * yet, waiting for approval or for their gateway's deposit (`queued_for_gateway`). One under
 * review is the reviewer's to decline; one in processing waits for its gateway's answer.
 */
export const PAYOUT_REJECTABLE_STATUSES = [
  'pending_approval',
  PAYOUT_QUEUED_STATUS,
] as const satisfies readonly PayoutStatus[];
export const isPayoutRejectable = (status: string) =>
  (PAYOUT_REJECTABLE_STATUSES as readonly string[]).includes(status);

/**
 * The settlements (to bank or to the USDT wallet) a pending queue holds: waiting for approval,
 * then approved and waiting to be completed. The dashboard's pending settlements count these.
 */
export const SETTLEMENT_PENDING_STATUSES = [
  'pending',
  'approved',
] as const satisfies readonly SettlementStatus[];

/** The withdrawals the pending queue holds, as settlements; the dashboard counts these. */
export const WITHDRAWAL_PENDING_STATUSES = [
  'pending',
  'approved',
] as const satisfies readonly WithdrawalStatus[];

export const PAYIN_STATUSES = PAYIN_LIFECYCLE.states;
export const PAYOUT_STATUSES = PAYOUT_LIFECYCLE.states;
export const SETTLEMENT_STATUSES = SETTLEMENT_LIFECYCLE.states;
export const WITHDRAWAL_STATUSES = WITHDRAWAL_LIFECYCLE.states;
export const TOP_UP_STATUSES = TOP_UP_LIFECYCLE.states;

/**
 * Who moves an item: its ordinary flow (callbacks, approvals, sweeps), or its risk review. An
 * item held by risk controls leaves `held_for_review` only through its review, so no ordinary
 * approval, callback or sweep can let held money go (issue 42, "reviews cannot be bypassed").
 */
export type TransitionPath = 'ordinary' | 'review';

/** Whether `from → to` is an allowed transition of `machine`, for a change made along `path`. */
export function canTransition<S extends string>(
  machine: Lifecycle<S>,
  from: S,
  to: S,
  path: TransitionPath = 'ordinary',
): boolean {
  if ((from === RISK_HELD_STATUS) !== (path === 'review')) return false;
  return machine.transitions[from]?.includes(to) ?? false;
}

/** Whether `state` has no way out. */
export function isFinalState<S extends string>(machine: Lifecycle<S>, state: S): boolean {
  return (machine.transitions[state]?.length ?? 0) === 0;
}
