import type { RISK_HELD_STATUS } from '@bo/contract';
import { RISK_BLOCKED_STATUS } from '@bo/contract';

/**
 * What risk controls (issue 42) may make of a new request at intake, instead of its kind's
 * usual first status: held for a reviewer, or blocked.
 */
export type RiskIntakeStatus = typeof RISK_HELD_STATUS | typeof RISK_BLOCKED_STATUS;

/**
 * Whether a new item reserves its money: every item but a blocked one (refused at intake, it
 * holds nothing). A held one reserves as usual, so a later approval cannot find the money gone.
 */
export const reservesAtIntake = (row: { readonly status: string }): boolean =>
  row.status !== RISK_BLOCKED_STATUS;
