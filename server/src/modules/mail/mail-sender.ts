import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import {
  claimDueMails,
  holdPendingMails,
  recordMailAttempt,
  type DueMail,
  type MailOutcome,
} from './outbox.queries';

/**
 * How long connecting to and being greeted by the SMTP server may take, and how long it may
 * stay silent: together well under the claim's 30 s lease, so no other sender claims a mail
 * while it is being sent.
 */
export const SMTP_TIMEOUT_MS = 5_000;

export type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailMaxAttempts'>;

/** The SMTP connection of SMTP_URL (pooled), or null when none is set. */
export function smtpTransportOf(config: MailConfig): Transporter | null {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: 2 * SMTP_TIMEOUT_MS,
  });
}

/** The reason a send failed, as the outbox shows it: the SMTP server's answer or the socket's error. */
function sendError(error: unknown): string {
  if (error instanceof Error) {
    const { code, response } = error as Error & { code?: string; response?: string };
    return [code, response ?? error.message].filter(Boolean).join(': ');
  }
  return String(error);
}

/** Sends one mail over the transport: both parts, from MAIL_FROM. */
export async function sendMail(
  transport: Transporter,
  from: string,
  mail: DueMail,
): Promise<MailOutcome> {
  try {
    const info = (await transport.sendMail({
      from,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      headers: { 'X-Outbox-Id': mail.id },
    })) as { messageId?: string };
    return { sent: true, messageId: info.messageId ?? '' };
  } catch (error) {
    return { sent: false, error: sendError(error) };
  }
}

/** Sends one claimed mail and records the attempt. */
export async function deliverAndRecordMail(
  db: Db,
  transport: Transporter,
  config: MailConfig,
  mail: DueMail,
) {
  const outcome = await sendMail(transport, config.mailFrom, mail);
  await recordMailAttempt(db, mail, outcome, config.mailMaxAttempts);
}

/**
 * Sends every due mail once (one round, for tests and tools; the server runs `startMailPump`).
 * Without SMTP_URL, holds them instead. Answers how many were attempted or held.
 */
export async function sendDueMails(
  db: Db,
  config: MailConfig,
  transport: Transporter | null,
  now = new Date(),
  limit = 50,
): Promise<number> {
  if (!transport) return holdPendingMails(db);
  const due = await db.transaction((tx) => claimDueMails(tx, now, limit));
  await Promise.all(due.map((m) => deliverAndRecordMail(db, transport, config, m)));
  return due.length;
}
