import {
  adjustmentLeastApprovals,
  approvalsRequired,
  parseAmount,
  type AdjustmentDirection,
  type ApprovalSettings,
} from '@bo/contract';

/** What the form knows when it shows an adjustment's effect. */
export interface ApprovalInputs {
  readonly direction: AdjustmentDirection;
  /** The amount in minor units of `currency`. */
  readonly minor: bigint;
  readonly currency: string;
  /** The maker-checker thresholds per currency (getApprovalSettings). */
  readonly thresholds: ApprovalSettings['thresholds'];
  /** `adjustment_third_approver_from`: whole units from which a debit needs three (0: never). */
  readonly thirdApproverFrom: number;
}

/**
 * How many admins besides the one who asks must approve an adjustment, by the server's rule
 * (`approvalsRequired`, an adjustment counting as money-out): a money-out needs two at or above its currency's threshold and one below it (a currency with no
 * threshold: two), and a debit at or above the general setting a third. The confirm step shows
 * it before anything is sent; the created row's `approvals_required` is what counts.
 */
export function approvalsNeeded(inputs: ApprovalInputs): number {
  const { direction, minor, currency, thresholds, thirdApproverFrom } = inputs;
  const threshold = thresholds.find((th) => th.currency === currency)?.min_amount ?? '0';
  const least = adjustmentLeastApprovals(direction, minor, currency, thirdApproverFrom);
  return approvalsRequired(true, minor, parseAmount(threshold, currency) ?? 0n, least);
}
