import { OUTBOX_STATES, type OutboxRow, type OutboxState } from '@bo/contract';
import { defineScopedList } from '../scoped-lists/list-query';
import { isoOrNull } from '../scoped-lists/scope';

/** A message of the outbox as the list reads it: never its body. */
export interface OutboxRecord {
  id: string;
  channel: 'mail' | 'webhook';
  kind: string;
  recipient: string;
  subject: string;
  lang: string;
  status: OutboxState;
  attempts: number;
  last_error: string;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date | null;
}

/**
 * The columns the outbox shows. The bodies (`text_body`, `html_body`) are not among them: a
 * reset mail's body is a live link, so no call answers it.
 */
const COLUMNS = `o.id, o.channel, o.kind, o.recipient, o.subject, o.lang, o.status, o.attempts,
  o.last_error, o.created_at, o.sent_at,
  CASE WHEN o.status = 'pending' THEN o.next_attempt_at END AS next_attempt_at`;

/** Every message of the outbox; its scope lets only admins through (the call's rule, too). */
export const outboxList = defineScopedList<OutboxRecord>({
  from: 'FROM mail_outbox o',
  columns: COLUMNS,
  alias: 'o',
  scope: {},
  codes: {},
  statuses: OUTBOX_STATES,
  // The one search box: part of the recipient or the subject, any case.
  search: { ids: [], texts: [], contains: ['o.recipient', 'o.subject'] },
  sorts: { created_at: 'o.created_at' },
  defaultSort: 'created_at',
});

export const viewOutboxMessage = (r: OutboxRecord): OutboxRow => ({
  id: r.id,
  channel: r.channel,
  kind: r.kind,
  recipient: r.recipient,
  subject: r.subject,
  lang: r.lang,
  status: r.status,
  attempts: r.attempts,
  last_error: r.last_error,
  created_at: r.created_at.toISOString(),
  sent_at: isoOrNull(r.sent_at),
  next_attempt_at: isoOrNull(r.next_attempt_at),
});
