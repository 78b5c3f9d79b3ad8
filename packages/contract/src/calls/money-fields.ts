import { z } from 'zod';
import {
  AMOUNT_TEXT,
  AMOUNT_TEXT_MESSAGE,
  CURRENCIES,
  isCurrencyCode,
  readAmount,
  type AmountReading,
  type CurrencyCode,
} from '../money';
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

/**
 * An amount as a decimal string in major units, by the one rule of `AMOUNT_TEXT` (so untrimmed:
 * " 10" is refused as the merchant API refuses it); checked against its currency's scale later.
 */
export const formAmountText = z
  .string()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .regex(AMOUNT_TEXT, AMOUNT_TEXT_MESSAGE);

/** An id of a row (uuid). */
export const formId = formText(64).refine(
  (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'must be an id',
);

/** An ISO-8601 date, or date-time with an optional zone (RFC 3339's space allowed). */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The years an instant sent to the back office may fall in. Every figure of a payment back
 * office lies well inside them, and so does every day a report reads in any of its zones: at
 * 9999-12-31T23:59Z a zone east of UTC is already in the year 10000, which PostgreSQL misreads
 * ("time zone displacement out of range").
 */
export const INSTANT_YEARS = { min: 2000, max: 2999 } as const;

/**
 * Whether `text` is an ISO-8601 date or date-time of a real calendar day within
 * `INSTANT_YEARS`: the one check of every date and instant field (`formOptionalDate`).
 * `Date.parse` alone reads "-1" as 2001 and "2026-02-31" as 3 March.
 */
export function isSaneInstant(text: string): boolean {
  const m = ISO_INSTANT.exec(text);
  if (!m || Number.isNaN(Date.parse(text.replace(' ', 'T')))) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const isRealDay = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  const isRealTime = Number(m[4] ?? 0) <= 23 && Number(m[5] ?? 0) <= 59 && Number(m[6] ?? 0) <= 59;
  return isRealDay && isRealTime && year >= INSTANT_YEARS.min && year <= INSTANT_YEARS.max;
}

export const INSTANT_MESSAGE = `must be an ISO-8601 date or date-time between the years ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max} (e.g. 2026-11-24 or 2026-11-24T09:30:00Z)`;

/** An optional date or date-time (ISO-8601; see isSaneInstant); empty text counts as missing. */
export const formOptionalDate = formOptionalText(40).refine(
  (v) => v === undefined || isSaneInstant(v),
  INSTANT_MESSAGE,
);

/**
 * The instant a date or date-time that passed `isSaneInstant` names: a zone when it has one,
 * else UTC (a bare date: its UTC midnight), never the reading machine's own zone.
 */
export function instantOf(text: string): Date {
  const iso = text.replace(' ', 'T');
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(iso) && iso.includes('T');
  return new Date(hasZone || !iso.includes('T') ? iso : `${iso}Z`);
}

/** A required date or date-time (ISO-8601; see isSaneInstant). */
export const formDate = formText(40).refine(isSaneInstant, INSTANT_MESSAGE);

/** The largest amount, in minor units, that any request or setting may carry. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000_000n;

/**
 * Reads `amount` in `currency` into minor units by the one amount rule (`readAmount`), or
 * explains why not: not a plain decimal, more decimals than the currency has, zero, too large.
 * Every money request of both APIs reads its amount here.
 */
export function readPositiveAmount(text: string, currency: string): AmountReading {
  const read = readAmount(text, currency);
  if (!read.ok) return read;
  if (read.minor <= 0n) return { ok: false, message: 'must be more than zero' };
  if (read.minor > MAX_AMOUNT_MINOR) return { ok: false, message: 'is too large' };
  return read;
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
