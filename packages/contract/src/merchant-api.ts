import { z } from 'zod';
import { PAYIN_STATUSES, PAYOUT_STATUSES } from './lifecycles';
import { REFUND_STATUSES } from './money-kinds/refund';
import { AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE, CURRENCIES } from './money';

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

const currencyCode = z.enum(CURRENCIES.map((c) => c.code) as [string, ...string[]]);
const decimal = z
  .string()
  .regex(AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE)
  .describe(
    'Decimal string in major units, with at most the currency’s decimals ("100.50" in THB, "100" in VND; "100.000" in THB is refused): no sign, spaces or exponent',
  );

export const apiCreatePayin = z
  .object({
    amount: decimal,
    currency: currencyCode,
    order_id: z.string().min(1).max(120).describe('Your order id, unique among your pay-ins'),
    notify_url: z.url().max(500).optional().describe(NOTIFY_URL_RULE),
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
  refunded_amount: z.string().describe('What its succeeded refunds gave back'),
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
  fee: z.string(),
  currency: z.string(),
  reason: z.string(),
  created_at: z.string(),
  completed_at: z
    .string()
    .nullable()
    .describe('When the refund succeeded; null while under way and for a failed or rejected one'),
});

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
      created_from: z.iso.datetime({ offset: true }).optional(),
      created_to: z.iso.datetime({ offset: true }).optional(),
      limit: z.coerce.number().int().min(1).max(API_LIST_MAX_LIMIT).default(20),
      starting_after: z.uuid().optional(),
    })
    .strict();

/** A page of a list: its rows, and whether more follow (ask with `starting_after`). */
export const apiListOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), has_more: z.boolean() });

/** The notification posted to a merchant's notify URL. */
export const apiNotification = z.object({
  type: z.enum(['payin', 'payout', 'refund']),
  id: z.string(),
  order_id: z.string().optional().describe('A pay-in’s or pay-out’s order id'),
  payin_id: z.string().optional().describe('A refund’s pay-in'),
  merchant_refund_id: z.string().nullable().optional().describe('A refund’s own id of yours'),
  status: z
    .string()
    .describe('The result: success, failed, … (a refund: succeeded, failed, rejected)'),
  amount: z.string(),
  currency: z.string(),
});
