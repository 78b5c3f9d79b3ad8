import { parseAmount } from './money';

/** How much of a pay-in its succeeded refunds gave back: nothing, part or all of it. */
export type PayinRefundState = 'none' | 'partially_refunded' | 'refunded';

/** What happened to a pay-in after it succeeded, read from the fields its row carries. */
export interface PayinAfterCare {
  readonly refund: PayinRefundState;
  readonly disputed: boolean;
}

/**
 * A pay-in's refunds and open dispute as one state beside its `status` (which stays `success`):
 * the badges of its list row and detail, and whether a refund may still be offered. Amounts are
 * compared in minor units, never as numbers.
 */
export function payinAfterCare(row: {
  readonly amount: string;
  readonly refunded_amount: string;
  readonly currency: string;
  readonly disputed: boolean;
}): PayinAfterCare {
  const refunded = parseAmount(row.refunded_amount, row.currency) ?? 0n;
  const amount = parseAmount(row.amount, row.currency) ?? 0n;
  const refund: PayinRefundState =
    refunded <= 0n ? 'none' : refunded >= amount ? 'refunded' : 'partially_refunded';
  return { refund, disputed: row.disputed };
}
