import { z } from 'zod';
import { RULES } from '../access';
import { DISPUTE_STATUSES, DISPUTE_KIND } from '../money-kinds/dispute';
import { defineCall, formClearableText, formFlag, formInt, formOptionalText } from './define';
import {
  amountText,
  instantText,
  kindListRequest,
  listPageOf,
  MONEY_LIST_SORTS,
  optionalInstantText,
  sortField,
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
   * The dispute fee the gateway gave back with a won dispute. Named apart from a refund's
   * `fee_returned` (a pay-in fee the platform gives back): the list's fee totals stay gross.
   */
  returned_fee: amountText,
  /**
   * The part of the hold the merchant's available balance did not cover when the dispute
   * opened: the merchant owes it (its balance is that much below zero) until the dispute is won.
   */
  shortfall: amountText,
  status: z.enum(DISPUTE_STATUSES),
  reason_code: z.enum(DISPUTE_REASON_CODES),
  /** The deadline for the merchant's answer; an unanswered dispute is lost after it. */
  respond_by: instantText,
  payment_gateway_code: z.string(),
  gateway_reference: z.string().nullable(),
  /** The merchant's written answer (its files: `getDisputeFiles`). */
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

/** The columns a dispute list sorts by: a money list's, and the deadline (the queue's order). */
export const DISPUTE_LIST_SORTS = [...MONEY_LIST_SORTS, 'respond_by'] as const;

/**
 * Disputes in scope (a merchant its own, a reseller its merchants', an admin all), newest
 * first unless sorted otherwise; `openOnly` lists those still holding money, `payinId` one
 * pay-in's.
 */
export const getDisputeList = defineCall({
  name: 'getDisputeList',
  request: z.object({
    ...kindListRequest(DISPUTE_KIND, DISPUTE_STATUSES),
    sort: sortField(DISPUTE_LIST_SORTS),
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

/** The longest evidence texts (characters): each of the three fields, and the note. */
export const DISPUTE_EVIDENCE_MAX = { field: 5000, note: 2000 } as const;

/**
 * The merchant's written evidence for a dispute still `opened`: saved as a draft (editable
 * until the deadline) or, with `submit`, sent to the gateway, which is final. An admin answers
 * on a merchant's behalf with a reason.
 */
export const saveDisputeEvidence = defineCall({
  name: 'saveDisputeEvidence',
  request: z.object({
    id: formId,
    productDescription: formClearableText(DISPUTE_EVIDENCE_MAX.field),
    customerCommunication: formClearableText(DISPUTE_EVIDENCE_MAX.field),
    serviceProof: formClearableText(DISPUTE_EVIDENCE_MAX.field),
    note: formClearableText(DISPUTE_EVIDENCE_MAX.note),
    submit: formFlag.optional(),
    reason: formOptionalText(300),
  }),
  response: disputeRow,
  rule: RULES.payinRefund,
});

/** The kinds of evidence file a dispute takes, told by their content (magic bytes), not name. */
export const DISPUTE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DisputeFileType = (typeof DISPUTE_FILE_TYPES)[number];
/** The largest evidence file, in bytes (5 MB). */
export const DISPUTE_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The most files one dispute keeps. */
export const DISPUTE_FILES_MAX = 10;

/** One evidence file of a dispute, as listed (its bytes come through `downloadDisputeFile`). */
export const disputeFileRow = z.object({
  id: z.string(),
  dispute_id: z.string(),
  /** The name it was uploaded with (shown, and given back on download; never a path). */
  file_name: z.string(),
  content_type: z.enum(DISPUTE_FILE_TYPES),
  size_bytes: z.number().int().nonnegative(),
  /** Hex SHA-256 of its bytes. */
  sha256: z.string(),
  uploaded_at: instantText,
  /** Sent to the gateway with submitted evidence: no longer removable. */
  submitted: z.boolean(),
});
export type DisputeFileRow = z.infer<typeof disputeFileRow>;

const disputeFiles = z.object({ files: z.array(disputeFileRow) });

/** The evidence files of a dispute in scope, oldest first. */
export const getDisputeFiles = defineCall({
  name: 'getDisputeFiles',
  request: z.object({ id: formId }),
  response: disputeFiles,
  rule: RULES.payin,
});

/**
 * Adds one evidence file to a dispute still `opened` and before its deadline. Multipart, like
 * every call, with the file as the part `file` after the text fields; its type is read from its
 * bytes (PDF, PNG or JPEG), at most `DISPUTE_FILE_MAX_BYTES`, at most `DISPUTE_FILES_MAX` per
 * dispute. A refused file stores nothing: missing, empty, too large or of another type is a 400
 * naming the field `file`, an 11th file or a dispute no longer answerable a 409, a second file
 * part a 413. An admin uploads on a merchant's behalf with a reason; a reseller cannot. The name
 * is kept safe (no path, its type's extension), as the answer's `file_name` shows.
 */
export const uploadDisputeFile = defineCall({
  name: 'uploadDisputeFile',
  request: z.object({ id: formId, reason: formOptionalText(300) }),
  response: disputeFileRow,
  rule: RULES.payinRefund,
});

/** Removes a file not yet submitted from a dispute still `opened`. */
export const removeDisputeFile = defineCall({
  name: 'removeDisputeFile',
  request: z.object({ id: formId, fileId: formId, reason: formOptionalText(300) }),
  response: disputeFiles,
  rule: RULES.payinRefund,
});

/**
 * The bytes of one evidence file of a dispute in scope: answered not with the JSON envelope but
 * as an attachment (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, its
 * stored type); a refusal is the usual JSON envelope.
 */
export const DOWNLOAD_DISPUTE_FILE_CALL = 'downloadDisputeFile';
export const downloadDisputeFileRequest = z.object({ id: formId, fileId: formId });
