/**
 * The sandbox statement's rates of planted differences (percent) for a run where every line's
 * status is flipped and nothing else is planted: each transaction of ours is a status mismatch.
 */
export const EVERY_STATUS_FLIPPED = {
  missingRate: '0',
  extraRate: '0',
  amountRate: '0',
  statusRate: '100',
  feeRate: '0',
  duplicateRate: '0',
  lateRate: '0',
} as const;
