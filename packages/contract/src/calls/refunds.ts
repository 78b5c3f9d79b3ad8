import { z } from 'zod';
import { RULES } from '../access';
import { REFUND_STATUSES, REFUND_KIND } from '../money-kinds/refund';
import { bulkDecisionCall } from './approvals';
import { defineCall, formFlag, formOptionalText } from './define';
import {
  amountText,
  feeNetOf,
  instantText,
  kindListRequest,
  listPageOf,
  optionalInstantText,
} from './list';
import {
  decisionCall,
  decisionRowFields,
  formAmountText,
  formId,
  formRequestKey,
  rejectionCall,
} from './money-fields';

/** A refund as the lists show it; amounts are decimal strings in the pay-in's currency. */
export const refundRow = z.object({
  id: z.string(),
  payin_id: z.string(),
  /** The refunded pay-in's order id. */
  order_id: z.string(),
  merchant_refund_id: z.string().nullable(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  reseller_db_code: z.string().nullable(),
  reseller_name: z.string().nullable(),
  currency: z.string(),
  amount: amountText,
  /** The refund fee (the contract line's refund rate); its totals are net of `fee_returned`. */
  fee: feeNetOf('fee_returned'),
  /** The part of the pay-in's fee given back with it (when the platform returns fees). */
  fee_returned: amountText,
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  payment_gateway_code: z.string(),
  gateway_reference: z.string().nullable(),
  created_at: instantText,
  updated_at: instantText,
  completed_at: optionalInstantText,
  ...decisionRowFields,
});
export type RefundRow = z.infer<typeof refundRow>;

/** Refunds in scope, newest first; `pendingOnly` lists those awaiting approval. */
export const getRefundList = defineCall({
  name: 'getRefundList',
  request: z.object({
    ...kindListRequest(REFUND_KIND, REFUND_STATUSES),
    pendingOnly: formFlag.optional(),
    payinId: formOptionalText(64),
  }),
  response: listPageOf(refundRow),
  rule: RULES.payin,
});

const refundTarget = {
  payinId: formId,
  amount: formAmountText,
};

/**
 * What a refund of `amount` would do, before it is asked for: what is still refundable of the
 * pay-in, the refund fee, the merchant's available balance now and after the reservation.
 */
export const quoteRefund = defineCall({
  name: 'quoteRefund',
  request: z.object(refundTarget),
  response: z.object({
    payin_id: z.string(),
    currency: z.string(),
    amount: amountText,
    /** The pay-in's amount less what its other refunds (not failed or rejected) hold. */
    refundable: amountText,
    fee: amountText,
    /** amount + fee: what is reserved from the available balance. */
    total: amountText,
    available: amountText,
    remaining: amountText,
    /** The pay-in's fee given back on success (0 unless the platform returns fees). */
    fee_returned: amountText,
    enough: z.boolean(),
    /** Whether it will wait for two admins (at or above the currency's threshold). */
    needs_approval: z.boolean(),
  }),
  rule: RULES.payinRefund,
});

/**
 * A merchant (or an admin on its behalf, with a reason) refunds all or part of a successful
 * pay-in: amount plus fee is reserved from the available balance at once; the refund goes to
 * the gateway, or waits for approval at or above the threshold. Over-refunding and a short
 * balance are refused with 409 and create nothing.
 */
export const requestRefund = defineCall({
  name: 'requestRefund',
  request: z.object({
    ...refundTarget,
    reason: formOptionalText(300),
    requestKey: formRequestKey,
  }),
  response: refundRow,
  rule: RULES.payinRefund,
});

export const approveRefund = decisionCall('approveRefund', RULES.payinAdmin);
export const rejectRefund = rejectionCall('rejectRefund', RULES.payinAdmin);
export const decideRefunds = bulkDecisionCall('decideRefunds', RULES.payinAdmin);
