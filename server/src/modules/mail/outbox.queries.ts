import { OUTBOX_RESENDABLE } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { claimDue, retryLaterOrAbandon, type Claimed } from '../../db/claim-queue';
import type { MailContent, MailLanguage } from './mail-content';

/** What the outbox says of a mail waiting because no SMTP server is set. */
export const NO_SMTP = 'not sent: no SMTP configured';

/** A mail to queue: who gets it, why (`kind`: 'password_reset', …) and what it says. */
export interface MailDraft {
  kind: string;
  recipientAccountId: string | null;
  recipient: string;
  lang: MailLanguage;
  content: MailContent;
}

/** Queues a mail in the caller's transaction, so it exists exactly when the change that causes it does. */
export async function enqueueMail(tx: Queryable, draft: MailDraft): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, recipient_account_id, recipient, lang, subject, text_body, html_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      draft.kind,
      draft.recipientAccountId,
      draft.recipient,
      draft.lang,
      draft.content.subject,
      draft.content.text,
      draft.content.html,
    ],
  );
  return rows[0]!.id;
}

/** A claimed mail, as the sender needs it. */
export interface DueMail extends Claimed {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** How an outbox row goes out: by SMTP, or POSTed to the operations webhook. */
export type OutboxChannel = 'mail' | 'webhook';

/** Claims due rows of one channel (`claimDue`: skipping those another sender holds). */
export const claimDueOf = (channel: OutboxChannel) => (tx: Queryable, now: Date, limit: number) =>
  claimDue<DueMail>(
    tx,
    'mail_outbox',
    ['recipient', 'subject', 'text_body', 'html_body'],
    now,
    limit,
    `channel = '${channel}'`,
  );

/** Claims due mails. */
export const claimDueMails = claimDueOf('mail');

/** The outcome of one attempt: sent (with the server's message id) or the reason it was not. */
export type MailOutcome = { sent: true; messageId: string } | { sent: false; error: string };

/**
 * Records one attempt: sent, or the error with the next try (back-off) or 'abandoned' after
 * `maxAttempts` (`retryLaterOrAbandon`, as merchant notifications).
 */
export async function recordMailAttempt(
  db: Queryable,
  mail: DueMail,
  outcome: MailOutcome,
  maxAttempts: number,
) {
  if (outcome.sent) {
    await db.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = '', message_id = $2
        WHERE id = $1`,
      [mail.id, outcome.messageId.slice(0, 300)],
    );
    return;
  }
  await retryLaterOrAbandon(db, 'mail_outbox', mail, maxAttempts, {
    set: 'last_error = $3',
    params: [outcome.error.slice(0, 500)],
  });
}

/**
 * Without an SMTP server: every pending mail (not a webhook row) is held, marked NO_SMTP, for an administrator to
 * read or resend. Answers how many.
 */
export async function holdPendingMails(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE mail_outbox SET status = 'held', last_error = $1 WHERE status = 'pending' AND channel = 'mail'`,
    [NO_SMTP],
  );
  return rowCount;
}

/**
 * Queues a held or abandoned mail (`OUTBOX_RESENDABLE`) again, to be tried now with its attempts counted from zero.
 * Answers false when the mail is in neither state (a pending one is already queued, a sent
 * one is never sent twice), so two resends queue it once.
 */
export async function requeueMail(tx: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = ''
      WHERE id = $1 AND status = ANY($2::text[])`,
    [id, OUTBOX_RESENDABLE],
  );
  return rowCount === 1;
}
