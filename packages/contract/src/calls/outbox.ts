import { z } from 'zod';
import { RULES } from '../access';
import { defineCall } from './define';
import { instantText, listPageOf, listRequest, optionalInstantText, sortField } from './list';
import { formId } from './money-fields';

/**
 * The outbox (issue 30, /admin-outbox): every message the product sends on its own, with its
 * state, for administrators. The list never answers a body; only a held mail's (no SMTP server
 * is set, so nobody else can read it) is answered, one at a time, by `getHeldMailBody`.
 * `channel` says how it goes out: 'mail', or 'webhook' (ALERT_WEBHOOK_URL).
 */

/** How a message goes out. */
export const OUTBOX_CHANNELS = ['mail', 'webhook'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * A message's state: 'pending' while it waits for its (next) attempt, 'sent', 'held' (no SMTP
 * server is set) or 'abandoned' after its last attempt.
 */
export const OUTBOX_STATES = ['pending', 'held', 'abandoned', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * The states a resend puts back in the queue: a pending message is queued already, a sent one
 * is never sent twice.
 */
export const OUTBOX_RESENDABLE: readonly OutboxState[] = ['held', 'abandoned'];

/** One message as the outbox lists it: who, what about, and how its sending goes; no body. */
export const outboxRow = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  /** Why it was sent: 'password_reset', … */
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  lang: z.string(),
  status: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: instantText,
  sent_at: optionalInstantText,
  /** When a pending message is tried next. */
  next_attempt_at: optionalInstantText,
});
export type OutboxRow = z.infer<typeof outboxRow>;

/**
 * The outbox, newest first: a state tab, one search box (part of the recipient or the
 * subject, any case) and the created-date range; page and export as every list.
 */
export const getOutbox = defineCall({
  name: 'getOutbox',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(['created_at'] as const),
    direction: listRequest.direction,
    search: listRequest.search,
    status: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(OUTBOX_STATES, { error: 'must be pending, held, abandoned or sent' }).optional(),
    ),
    from: listRequest.from,
    to: listRequest.to,
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(outboxRow),
  rule: RULES.administrator,
});

/**
 * Puts a held, abandoned or failing message back in the queue, to be tried now with its
 * attempts counted from zero (admin-logged). Idempotent: a message already waiting with no
 * error stays as it is (`requeued: false`, nothing logged). A sent message is refused (409).
 */
export const resendOutboxMessage = defineCall({
  name: 'resendOutboxMessage',
  request: z.object({ id: formId }),
  response: z.object({ message: outboxRow, requeued: z.boolean() }),
  rule: RULES.administrator,
});

/**
 * The plain-text body of a held mail (no SMTP server is set: nobody else can read it), for an
 * administrator to pass on; each read is admin-logged. A password reset link in a mail to an
 * admin account is hidden (`link_hidden`): an administrator may not take over a fellow
 * administrator's account (docs/security.md). Any other state is refused (409): a mail that
 * left or may still leave is read by its recipient only.
 */
export const getHeldMailBody = defineCall({
  name: 'getHeldMailBody',
  request: z.object({ id: formId }),
  response: z.object({ id: z.string(), text_body: z.string(), link_hidden: z.boolean() }),
  rule: RULES.administrator,
});
