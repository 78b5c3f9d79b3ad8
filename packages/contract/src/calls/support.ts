import { z } from 'zod';
import { RULES } from '../access';
import type { Lifecycle } from '../lifecycles';
import { defineCall, emptyRequest, formOptionalText, formText, pageRequest } from './define';
import { instantText, listPageOf, optionalInstantText, SORT_DIRECTIONS, sortField } from './list';
import { formId, formOptionalDate } from './money-fields';
import { TIMEZONE_CHOICES } from '../accounts';

/** What a support request is about; the admin's list filters by it. */
export const SUPPORT_CATEGORIES = [
  'payin',
  'payout',
  'settlement',
  'account',
  'technical',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/**
 * A support request's states: it opens, an admin answers it (it may be answered again) and
 * closes it; a closed request stays closed (a new question is a new request).
 */
export const SUPPORT_REQUEST_LIFECYCLE: Lifecycle<'open' | 'answered' | 'closed'> = {
  name: 'support_request',
  initial: 'open',
  states: ['open', 'answered', 'closed'],
  transitions: { open: ['answered', 'closed'], answered: ['answered', 'closed'], closed: [] },
};
export const SUPPORT_REQUEST_STATUSES = SUPPORT_REQUEST_LIFECYCLE.states;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

/** The states an admin may set (the request opens by itself). */
export const SUPPORT_DECISION_STATUSES = ['answered', 'closed'] as const;

/** Bounds of a support request's fields (the form shows them too). */
export const SUPPORT_LIMITS = {
  subject: 150,
  messageMin: 10,
  message: 4000,
  transactionReference: 100,
  note: 2000,
} as const;

/** A choice from a closed list, naming the choices when the value is not one of them. */
const choiceOf = <const T extends readonly string[]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'is required'
        : `must be one of ${values.join(', ')}`,
  });

/** An optional choice: missing or empty means none. */
const optionalChoiceOf = <const T extends readonly string[]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), choiceOf(values).optional());

export const supportRequestRow = z.object({
  id: z.string(),
  /** The account the request belongs to (a sub-account's parent). */
  account_db_code: z.string(),
  account_name: z.string(),
  account_type: z.string(),
  /** Who filed it (the sub-account itself when one did). */
  created_by: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  message: z.string(),
  transaction_reference: z.string().nullable(),
  status: z.enum(SUPPORT_REQUEST_STATUSES),
  admin_note: z.string().nullable(),
  /** The admin who answered or closed it last. */
  handled_by: z.string().nullable(),
  created_at: instantText,
  updated_at: instantText,
  handled_at: optionalInstantText,
});
export type SupportRequestRow = z.infer<typeof supportRequestRow>;

/**
 * Records a support request of the signed-in account (a sub-account files it for its parent);
 * it opens as `open` and the admins see it in their list.
 */
export const createSupportRequest = defineCall({
  name: 'createSupportRequest',
  request: z.object({
    subject: formText(SUPPORT_LIMITS.subject),
    category: choiceOf(SUPPORT_CATEGORIES),
    message: formText(SUPPORT_LIMITS.message).refine(
      (v) => v.length >= SUPPORT_LIMITS.messageMin,
      `must be at least ${SUPPORT_LIMITS.messageMin} characters`,
    ),
    transactionReference: formOptionalText(SUPPORT_LIMITS.transactionReference),
  }),
  response: supportRequestRow,
  rule: RULES.technical,
});

/**
 * Support requests, newest first: an admin sees everyone's, anyone else its own account's
 * (a sub-account its parent's). The search box finds a request by its id, the account's code
 * or the transaction reference (exact).
 */
export const getSupportRequestList = defineCall({
  name: 'getSupportRequestList',
  request: z.object({
    ...pageRequest,
    sort: sortField(['created_at', 'updated_at'] as const),
    direction: optionalChoiceOf(SORT_DIRECTIONS),
    status: optionalChoiceOf(SUPPORT_REQUEST_STATUSES),
    category: optionalChoiceOf(SUPPORT_CATEGORIES),
    search: formOptionalText(120),
    from: formOptionalDate,
    to: formOptionalDate,
    timeZone: optionalChoiceOf(TIMEZONE_CHOICES),
  }),
  response: listPageOf(supportRequestRow),
  rule: RULES.technical,
});

/**
 * An admin answers or closes a request with a note; the account that filed it may close it
 * (403 for `answered`). Admin-logged. A closed request can't change any more (409); a request
 * the caller may not see is not found (404).
 */
export const updateSupportRequestStatus = defineCall({
  name: 'updateSupportRequestStatus',
  request: z.object({
    id: formId,
    status: choiceOf(SUPPORT_DECISION_STATUSES),
    note: formText(SUPPORT_LIMITS.note),
  }),
  response: supportRequestRow,
  rule: RULES.technical,
});

/**
 * What the technical information page needs from the server's configuration: the sandbox
 * gateway's behaviour, how notifications are retried and where they come from.
 */
export const getTechnicalInformation = defineCall({
  name: 'getTechnicalInformation',
  request: emptyRequest,
  response: z.object({
    /** The merchant API's path on this server (the web app's origin serves it). */
    merchant_api_path: z.string(),
    openapi_path: z.string(),
    sandbox: z.object({
      /** Pay-ins complete by themselves by each gateway's success rate. */
      auto_pay: z.boolean(),
      /** The hosted payment page of a pay-in (`{id}`: the pay-in's id). */
      payment_page_path: z.string(),
      /** Outcomes forced by the last two digits of the amount in minor units. */
      amount_rules: z.array(
        z.object({
          minor_units_ending: z.string(),
          outcome: z.enum(['failed', 'silent', 'success']),
        }),
      ),
      gateways: z.array(
        z.object({
          payment_gateway_code: z.string(),
          currency: z.string(),
          success_rate_percent: z.string(),
          latency_ms: z.number().int(),
        }),
      ),
    }),
    callbacks: z.object({
      /** The addresses notifications leave from: this server's own, as far as it knows them. */
      source_addresses: z.array(z.string()),
      max_attempts: z.number().int(),
      timeout_ms: z.number().int(),
    }),
  }),
  rule: RULES.technical,
});
