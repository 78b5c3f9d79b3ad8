import {
  STATUS_TONES as REGISTRY_TONES,
  type MoneyKindStatus,
  type StatusTone,
} from '@bo/contract';

export type { StatusTone };

/** Every state of every money lifecycle in the contract's registry. */
export type LifecycleState = MoneyKindStatus;

/**
 * One colour per lifecycle state, the same on every list: each kind's registry entry gives its
 * states' tones (the compiler refuses a state without one).
 */
export const STATUS_TONES: Readonly<Record<LifecycleState, StatusTone>> = REGISTRY_TONES;

/** The tone of a state; one the contract does not know shows grey. */
export function toneOfStatus(status: string): StatusTone {
  return (STATUS_TONES as Record<string, StatusTone>)[status] ?? 'secondary';
}

/** Whether the contract's lifecycles know this state (so it has a translated label). */
export function isLifecycleState(status: string): status is LifecycleState {
  return status in STATUS_TONES;
}
