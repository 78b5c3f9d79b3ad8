import { z } from 'zod';
import { PAYIN_STATUSES, PAYOUT_STATUSES } from './lifecycles';
import { DISPUTE_EVIDENCE_MAX, DISPUTE_REASON_CODES } from './calls/disputes';
import { INSTANT_YEARS, isSaneInstant } from './calls/money-fields';
import { DISPUTE_STATUSES } from './money-kinds/dispute';
import { REFUND_STATUSES } from './money-kinds/refund';
import { AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE } from './money';
import { currencyCode, statementPeriodOf } from './statement-period';

/**
 * The merchant API (`/api/v1`, JSON, HMAC-signed): request and response schemas. The server
 * validates with them and generates its OpenAPI document from them.
 */
/** What a request's `notify_url` may be (the server checks it on arrival and at every delivery). */
const NOTIFY_URL_RULE =
  'Where the result is posted (signed): https, never a loopback, private, link-local or metadata address (400 bad_request; names are checked again at every delivery)';

export const MERCHANT_API_HEADERS = {
  key: 'X-Api-Key',
  timestamp: 'X-Timestamp',
  signature: 'X-Signature',
  idempotency: 'Idempotency-Key',
} as const;

/** A signed request is refused when its timestamp is further than this from the server's clock. */
export const MERCHANT_API_MAX_SKEW_SECONDS = 300;

/**
 * A pay-in request whose Idempotency-Key has been in progress this long was interrupted (its
 * pay-in was created, the server stopped before answering): a retry with the key finishes it.
 */
export const IDEMPOTENCY_STALE_SECONDS = 60;

/** The string a request (or a notification) is signed over. */
export const canonicalString = (timestamp: string, method: string, path: string, rawBody: string) =>
  `${timestamp}.${method.toUpperCase()}.${path}.${rawBody}`;

const decimal = z
  .string()
  .regex(AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE)
  .describe(
    'Decimal string in major units, with at most the currency’s decimals ("100.50" in THB, "100" in VND; "100.000" in THB is refused): no sign, spaces or exponent',
  );

/**
 * Who pays or is paid, as the merchant knows them (optional): risk rules can watch a customer's
 * id, e-mail and IP address (lists, velocity, first seen, earlier outcomes; issue 42).
 */
export const apiCustomer = z
  .object({
    id: z.string().min(1).max(120).optional().describe('Your id of the customer'),
    email: z.string().min(3).max(254).optional().describe("The customer's e-mail address"),
    ip: z.string().min(2).max(45).optional().describe("The customer's IP address (IPv4 or IPv6)"),
  })
  .strict()
  .describe('The customer, for risk controls (optional)');

export const apiCreatePayin = z
  .object({
    amount: decimal,
    currency: currencyCode,
    order_id: z.string().min(1).max(120).describe('Your order id, unique among your pay-ins'),
    notify_url: z.url().max(500).optional().describe(NOTIFY_URL_RULE),
    customer: apiCustomer.optional(),
  })
  .strict();

export const apiPayin = z.object({
  id: z.string(),
  order_id: z.string(),
  status: z.enum(PAYIN_STATUSES),
  amount: z.string(),
  fee: z.string(),
  net_amount: z.string(),
  currency: z.string(),
  payment_url: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  refunded_amount: z
    .string()
    .describe(
      'What its succeeded refunds gave back ("0.00" until one succeeds; equal to `amount` once fully refunded). `status` stays `success`',
    ),
  disputed: z
    .boolean()
    .describe(
      'Whether a dispute (chargeback) is open on it: opened, evidence_submitted or accepted; false again once won or lost',
    ),
});

export const apiCreatePayout = z
  .object({
    amount: decimal,
    currency: currencyCode,
    order_id: z.string().min(1).max(120).describe('Your order id, unique among your pay-outs'),
    bank_name: z.string().min(1).max(120),
    account_number: z.string().min(1).max(60),
    account_holder: z.string().min(1).max(120),
    notify_url: z.url().max(500).optional().describe(NOTIFY_URL_RULE),
    customer: apiCustomer.optional(),
  })
  .strict();

export const apiPayout = z.object({
  id: z.string(),
  order_id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.string(),
  fee: z.string(),
  currency: z.string(),
  created_at: z.string(),
  completed_at: z
    .string()
    .nullable()
    .describe(
      'When the pay-out succeeded; null while it is under way and for a failed or rejected pay-out',
    ),
});

export const apiBalance = z.object({
  balances: z.array(
    z.object({
      currency: z.string(),
      available: z.string(),
      reserved: z.string(),
      payout_available: z.string(),
      payout_reserved: z.string(),
    }),
  ),
  /** The instant asked for with `?at=` (issue 44); absent: the balances now. */
  at: z.string().optional(),
});

export const apiError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * A refund of a pay-in of yours, named by its `payin_id` or by its `order_id` (exactly one):
 * all of what is left of it or a part; several parts may be refunded, never more in all than
 * the pay-in. Amount plus the refund fee is held from your available balance at once.
 */
export const apiCreateRefund = z
  .object({
    payin_id: z.uuid().optional().describe('The pay-in to refund (or give order_id)'),
    order_id: z.string().min(1).max(120).optional().describe('Your order id of the pay-in'),
    amount: decimal,
    reason: z.string().max(300).optional(),
    merchant_refund_id: z
      .string()
      .min(1)
      .max(120)
      .optional()
      .describe('Your own id for the refund, unique among your refunds'),
    notify_url: z.url().max(500).optional().describe(NOTIFY_URL_RULE),
  })
  .strict()
  .refine((v) => (v.payin_id === undefined) !== (v.order_id === undefined), {
    message: 'give exactly one of payin_id and order_id',
    path: ['payin_id'],
  });

export const apiRefund = z.object({
  id: z.string(),
  payin_id: z.string(),
  merchant_refund_id: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  amount: z.string(),
  fee: z.string().describe('The refund fee of your contract'),
  fee_returned: z
    .string()
    .describe(
      "The part of the pay-in's fee given back with this refund (when the platform returns it pro rata; else 0.00): the refund costs you fee − fee_returned, as your reports show",
    ),
  currency: z.string(),
  reason: z.string(),
  created_at: z.string(),
  completed_at: z
    .string()
    .nullable()
    .describe('When the refund succeeded; null while under way and for a failed or rejected one'),
});

/**
 * A dispute (chargeback) of a pay-in of yours: its amount and the gateway's dispute fee were
 * held from your available balance when it opened. Answer it before `respond_by` with
 * evidence (`POST /disputes/{id}/evidence`), or it is lost.
 */
export const apiDispute = z.object({
  id: z.string(),
  payin_id: z.string(),
  status: z
    .enum(DISPUTE_STATUSES)
    .describe(
      'opened (waiting for your answer), evidence_submitted, accepted, won (the hold came back) or lost',
    ),
  reason_code: z.enum(DISPUTE_REASON_CODES),
  amount: z.string(),
  fee: z.string().describe('The dispute fee, held with the amount'),
  currency: z.string(),
  respond_by: z.string().describe('The deadline for your answer; unanswered, it is lost after it'),
  returned_fee: z.string().describe('The dispute fee the gateway gave back with a won dispute'),
  evidence: z.object({
    product_description: z.string(),
    customer_communication: z.string(),
    service_proof: z.string(),
    note: z.string(),
    submitted_at: z
      .string()
      .nullable()
      .describe('When the evidence was submitted (final); null while a draft or none'),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable().describe('When it was won or lost'),
});

const evidenceText = (max: number) => z.string().trim().max(max).optional();

/**
 * Your written evidence for a dispute still `opened`, before its `respond_by`: a draft (each
 * field sent replaces the saved one, `""` clears it, a field left out is kept) or, with
 * `submit: true`, the final answer, sent to the gateway (at least one field must be non-empty).
 */
export const apiDisputeEvidence = z
  .object({
    product_description: evidenceText(DISPUTE_EVIDENCE_MAX.field).describe(
      'What was sold: the product or service',
    ),
    customer_communication: evidenceText(DISPUTE_EVIDENCE_MAX.field).describe(
      'What the payer said: messages, confirmations',
    ),
    service_proof: evidenceText(DISPUTE_EVIDENCE_MAX.field).describe(
      'Proof of delivery or of the service: tracking, signed note',
    ),
    note: evidenceText(DISPUTE_EVIDENCE_MAX.note).describe('Anything else'),
    submit: z
      .boolean()
      .optional()
      .describe('true: submit the evidence as final (sent to the gateway); else a draft'),
  })
  .strict();

/** What a list's instant filter must be: the back office's years (`isSaneInstant`), with a zone. */
export const API_INSTANT_MESSAGE = `must be an ISO-8601 date-time with its zone (e.g. 2026-11-24T09:30:00Z) in the years ${INSTANT_YEARS.min} to ${INSTANT_YEARS.max}`;

/**
 * An instant filter of a list: a date-time with its zone, within the years every instant of
 * both APIs lies in (`INSTANT_YEARS`): year 0000 reached PostgreSQL and failed there (a 500).
 */
const apiInstant = z.iso
  .datetime({ offset: true, error: API_INSTANT_MESSAGE })
  .refine(isSaneInstant, API_INSTANT_MESSAGE);

/** The most rows a list answers at once. */
export const API_LIST_MAX_LIMIT = 100;

/**
 * A list's query: newest first, `limit` rows (≤ 100, default 20), after the row
 * `starting_after` names (the last id of the page before), filtered by status and creation time.
 */
export const apiListQuery = <S extends string>(statuses: readonly S[]) =>
  z
    .object({
      status: z.enum(statuses as [S, ...S[]]).optional(),
      created_from: apiInstant.optional(),
      created_to: apiInstant.optional(),
      limit: z.coerce.number().int().min(1).max(API_LIST_MAX_LIMIT).default(20),
      starting_after: z.uuid().optional(),
    })
    .strict();

/**
 * `GET /balance`: the balances now, or as they were at `at` (an ISO-8601 instant with its zone,
 * not in the future; issue 44), computed from the journal. Other parameters are ignored, as
 * they were before `at` (a client's cache-busting one, say).
 */
export const apiBalanceQuery = z.object({
  at: apiInstant.describe('An instant with its zone, e.g. 2026-01-31T23:59:59Z').optional(),
});

/** `GET /statements`: a verifiable statement of the merchant's accounts in one currency. */
export const apiStatementQuery = statementPeriodOf({});

/** A page of a list: its rows, and whether more follow (ask with `starting_after`). */
export const apiListOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), has_more: z.boolean() });

/** The notification posted to a merchant's notify URL. */
export const apiNotification = z.object({
  type: z.enum(['payin', 'payout', 'refund', 'dispute']),
  event: z
    .string()
    .optional()
    .describe(
      'A dispute’s: dispute.opened, dispute.updated (answered) or dispute.closed (won or lost)',
    ),
  id: z.string(),
  order_id: z.string().optional().describe('A pay-in’s or pay-out’s order id'),
  payin_id: z.string().optional().describe('A refund’s or a dispute’s pay-in'),
  merchant_refund_id: z.string().nullable().optional().describe('A refund’s own id of yours'),
  status: z
    .string()
    .describe(
      'The result: success, failed, … (a refund: succeeded, failed, rejected; a dispute: its status); held_for_review when a risk rule holds a pay-in or pay-out; queued_for_gateway when no gateway’s deposit covers a pay-out yet (it goes out once one does)',
    ),
  amount: z.string(),
  currency: z.string(),
  fee: z.string().optional().describe('A refund’s or a dispute’s fee'),
  fee_returned: z
    .string()
    .optional()
    .describe("A refund's part of the pay-in's fee given back (see Refund)"),
  reason_code: z.string().optional().describe('A dispute’s reason code'),
  respond_by: z.string().optional().describe('A dispute’s deadline for your answer'),
});
