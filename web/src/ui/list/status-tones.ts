import type {
  PayinStatus,
  PayoutStatus,
  SettlementStatus,
  TopUpStatus,
  WithdrawalStatus,
} from '@bo/contract';

/** Every state of every money lifecycle in the contract. */
export type LifecycleState =
  PayinStatus | PayoutStatus | SettlementStatus | WithdrawalStatus | TopUpStatus;

export type StatusTone =
  'secondary' | 'info' | 'warning' | 'primary' | 'success' | 'danger' | 'dark';

/**
 * One colour per lifecycle state, the same on every list. The Record type makes the compiler
 * refuse a state the contract adds without a colour here.
 */
export const STATUS_TONES: Record<LifecycleState, StatusTone> = {
  created: 'secondary',
  requested: 'secondary',
  pending: 'warning',
  pending_approval: 'warning',
  processing: 'info',
  approved: 'primary',
  success: 'success',
  completed: 'success',
  failed: 'danger',
  rejected: 'danger',
  expired: 'dark',
};

/** The tone of a state; one the contract does not know shows grey. */
export function toneOfStatus(status: string): StatusTone {
  return (STATUS_TONES as Record<string, StatusTone>)[status] ?? 'secondary';
}

/** Whether the contract's lifecycles know this state (so it has a translated label). */
export function isLifecycleState(status: string): status is LifecycleState {
  return status in STATUS_TONES;
}
