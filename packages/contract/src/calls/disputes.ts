import { z } from 'zod';
import { RULES } from '../access';
import { DISPUTE_STATUSES } from '../money-kinds/dispute';
import { defineCall, formFlag, formInt, formOptionalText } from './define';
import {
  amountText,
  instantText,
  lifecycleListRequest,
  listPageOf,
  optionalInstantText,
} from './list';
import { decisionResponse, formAmountText, formId } from './money-fields';

/**
 * The reason codes a gateway gives a dispute (the sandbox's; a real gateway's are mapped to
 * these): the payer says it was not them, nothing arrived, it was charged twice, a cancelled
 * subscription was charged, or anything else.
 */
export const DISPUTE_REASON_CODES = [
  'fraudulent',
  'product_not_received',
  'duplicate',
  'subscription_canceled',
  'general',
] as const;
export type DisputeReasonCode = (typeof DISPUTE_REASON_CODES)[number];

/** A dispute as the lists show it; amounts are decimal strings in the pay-in's currency. */
export const disputeRow = z.object({
  id: z.string(),
  payin_id: z.string(),
  /** The disputed pay-in's order id. */
  order_id: z.string(),
  merchant_db_code: z.string(),
  merchant_name: z.string(),
  reseller_db_code: z.string().nullable(),
  reseller_name: z.string().nullable(),
  currency: z.string(),
  amount: amountText,
  /** The gateway's dispute fee, held with the amount. */
  fee: amountText,
  /**
   * The dispute fee the gateway gave back with a won dispute (not `fee_returned`: list totals
   * read that name as a fee net of what a refund returned, and a dispute's fee stays gross).
   */
  returned_fee: amountText,
  status: z.enum(DISPUTE_STATUSES),
  reason_code: z.enum(DISPUTE_REASON_CODES),
  /** The deadline for the merchant's answer; an unanswered dispute is lost after it. */
  respond_by: instantText,
  payment_gateway_code: z.string(),
  gateway_reference: z.string().nullable(),
  /** The merchant's written answer (files come in a later phase). */
  evidence_product_description: z.string(),
  evidence_customer_communication: z.string(),
  evidence_service_proof: z.string(),
  evidence_note: z.string(),
  /** When the answer was submitted (final); null while it is a draft or there is none. */
  evidence_submitted_at: optionalInstantText,
  created_at: instantText,
  updated_at: instantText,
  /** When it was won or lost. */
  completed_at: optionalInstantText,
});
export type DisputeRow = z.infer<typeof disputeRow>;

/**
 * Disputes in scope (a merchant its own, a reseller its merchants', an admin all), newest
 * first; `openOnly` lists those still holding money, `payinId` one pay-in's.
 */
export const getDisputeList = defineCall({
  name: 'getDisputeList',
  request: z.object({
    ...lifecycleListRequest(DISPUTE_STATUSES),
    openOnly: formFlag.optional(),
    payinId: formOptionalText(64),
  }),
  response: listPageOf(disputeRow),
  rule: RULES.payin,
});

/**
 * The sandbox gateway opens a dispute on a successful pay-in, as a payer's bank would (admins,
 * pay-ins through the sandbox only). `amount` defaults to what is still disputable (the pay-in's
 * amount less its refunds and its other disputes); `respondInHours` to 168 (7 days).
 */
export const simulateDispute = defineCall({
  name: 'simulateDispute',
  request: z.object({
    payinId: formId,
    amount: formAmountText.optional(),
    reasonCode: z.enum(DISPUTE_REASON_CODES, {
      error: `must be one of ${DISPUTE_REASON_CODES.join(', ')}`,
    }),
    respondInHours: formInt(1, 24 * 60).optional(),
  }),
  response: disputeRow,
  rule: RULES.payinAdmin,
});

/** The merchant (or an admin on its behalf, with a reason) accepts a dispute: it is lost. */
export const acceptDispute = defineCall({
  name: 'acceptDispute',
  request: z.object({ id: formId, reason: formOptionalText(300) }),
  response: decisionResponse,
  rule: RULES.payinRefund,
});

/**
 * The merchant's written evidence for a dispute still `opened`: saved as a draft (editable
 * until the deadline) or, with `submit`, sent to the gateway, which is final. An admin answers
 * on a merchant's behalf with a reason.
 */
export const saveDisputeEvidence = defineCall({
  name: 'saveDisputeEvidence',
  request: z.object({
    id: formId,
    productDescription: formOptionalText(5000),
    customerCommunication: formOptionalText(5000),
    serviceProof: formOptionalText(5000),
    note: formOptionalText(2000),
    submit: formFlag.optional(),
    reason: formOptionalText(300),
  }),
  response: disputeRow,
  rule: RULES.payinRefund,
});
