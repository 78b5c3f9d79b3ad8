import { z } from 'zod';
import { CURRENCIES, isCurrencyCode, parseAmount, type CurrencyCode } from '../money';
import type { AccessRule } from '../access';
import { defineCall, formOptionalText, formText } from './define';

/** A currency code the product knows. */
export const formCurrency = z
  .string({ error: 'is required' })
  .trim()
  .refine(isCurrencyCode, { message: `must be one of ${CURRENCIES.map((c) => c.code).join(', ')}` })
  .transform((v) => v as CurrencyCode);

/** An optional currency filter ('-' is the "all countries" placeholder of the spec). */
export const formOptionalCurrency = z.preprocess(
  (v) => (v === '' || v === '-' || v === null ? undefined : v),
  formCurrency.optional(),
);

/** An amount as a decimal string in major units; checked against its currency's scale later. */
export const formAmountText = formText(40).refine((v) => /^\d{1,18}(\.\d+)?$/.test(v), {
  message: 'must be a positive decimal number such as 100.50',
});

/** An id of a row (uuid). */
export const formId = formText(64).refine(
  (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'must be an id',
);

/** Whether `text` is an instant of years 1–9999 (what a database timestamp holds). */
const isSaneInstant = (text: string) => {
  const at = Date.parse(text);
  if (Number.isNaN(at)) return false;
  const year = new Date(at).getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/** Optional date-time bounds of a list (ISO text, years 1–9999). */
export const formOptionalDate = formOptionalText(40).refine(
  (v) => v === undefined || isSaneInstant(v),
  'must be a date',
);

/**
 * Reads `amount` in `currency` into minor units, or explains why not: more decimals than the
 * currency has, zero, or too large.
 */
export function readPositiveAmount(
  text: string,
  currency: string,
): { ok: true; minor: bigint } | { ok: false; message: string } {
  const minor = parseAmount(text, currency);
  if (minor === null) return { ok: false, message: `has more decimals than ${currency} allows` };
  if (minor <= 0n) return { ok: false, message: 'must be more than zero' };
  if (minor > 1_000_000_000_000_000n) return { ok: false, message: 'is too large' };
  return { ok: true, minor };
}

/**
 * The idempotency key a request form sends (one per form opening): the same key from the same
 * user answers the first request again and creates nothing new.
 */
export const formRequestKey = formOptionalText(100);

/** Decision calls on a pending item: its id and an optional reason kept in the admin log. */
export const decisionRequest = z.object({
  id: formId,
  reason: formOptionalText(300),
});

/** A reject reason's code (`getRejectReasons` lists them). */
export const formReasonCode = formText(60);

/** A rejection: a reason code from the list and a note, both shown to the requester. */
export const rejectionRequest = z.object({
  id: formId,
  reasonCode: formReasonCode,
  note: formText(500),
});

/**
 * The item after a decision. An approval of a money-out that needs two approvers answers
 * `approvals: 1, approvals_required: 2` and the unchanged status until a second admin approves.
 */
export const decisionResponse = z.object({
  id: z.string(),
  status: z.string(),
  approvals: z.number().int().optional(),
  approvals_required: z.number().int().optional(),
});

/** A decision on one money request (approve, complete…) under `rule`. */
export const decisionCall = (name: string, rule: AccessRule) =>
  defineCall({ name, request: decisionRequest, response: decisionResponse, rule });

/** A rejection of one money request under `rule`: reason code and note required. */
export const rejectionCall = (name: string, rule: AccessRule) =>
  defineCall({ name, request: rejectionRequest, response: decisionResponse, rule });

/**
 * What a list row says of its decisions: the approvals recorded and needed (maker-checker),
 * and, once rejected, the reason code and note shown to the requester.
 */
export const decisionRowFields = {
  approvals: z.number().int(),
  approvals_required: z.number().int(),
  decision_reason_code: z.string().nullable(),
  decision_note: z.string().nullable(),
};
