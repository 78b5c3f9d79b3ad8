import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import {
  postNotification,
  postOptionsOf,
  type DeliveryLog,
  type Resolve,
} from '../merchant-notifications/merchant-notifications.service';
import { claimDueOf, recordMailAttempt, type DueMail, type MailOutcome } from './outbox.queries';
import { webhookHeaders } from './webhook-alert';

export type WebhookConfig = Pick<
  Config,
  'alertWebhookUrl' | 'alertWebhookSecret' | 'mailMaxAttempts' | 'seedDemo' | 'notifyAllowLocal'
>;

/** Claims due webhook rows of the outbox. */
export const claimDueWebhooks = claimDueOf('webhook');

/**
 * POSTs one webhook row's body to ALERT_WEBHOOK_URL, signed now, under the notify URLs' rules
 * (`postNotification`: https outside the sandbox, no address inside, the address checked when
 * the socket connects, no redirect, a time limit). Sent once it answers 2xx.
 */
export async function postWebhook(
  config: WebhookConfig,
  row: Pick<DueMail, 'text_body'>,
  options: { resolve?: Resolve; log?: DeliveryLog } = {},
): Promise<MailOutcome> {
  if (!config.alertWebhookUrl)
    return { sent: false, error: 'not sent: ALERT_WEBHOOK_URL is not set' };
  const url = new URL(config.alertWebhookUrl);
  const body = row.text_body;
  const outcome = await postNotification(
    url,
    body,
    webhookHeaders(config.alertWebhookSecret, body),
    postOptionsOf(config, options),
  );
  if (outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300)
    return { sent: true, messageId: `HTTP ${outcome.httpStatus}` };
  return {
    sent: false,
    error: outcome.httpStatus === null ? outcome.error : `HTTP ${outcome.httpStatus}`,
  };
}

/** Sends one claimed webhook row and records the attempt (as a mail's: retried with back-off). */
export async function deliverAndRecordWebhook(
  db: Db,
  config: WebhookConfig,
  row: DueMail,
  options: { resolve?: Resolve; log?: DeliveryLog } = {},
) {
  await recordMailAttempt(db, row, await postWebhook(config, row, options), config.mailMaxAttempts);
}

/** Sends every due webhook row once (one round, for tests and tools). Answers how many. */
export async function sendDueWebhooks(
  db: Db,
  config: WebhookConfig,
  now = new Date(),
  options: { resolve?: Resolve } = {},
): Promise<number> {
  const due = await db.transaction((tx) => claimDueWebhooks(tx, now, 50));
  await Promise.all(due.map((row) => deliverAndRecordWebhook(db, config, row, options)));
  return due.length;
}
