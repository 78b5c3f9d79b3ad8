import { createHmac } from 'node:crypto';
import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';

/** What the operations webhook needs of the settings. */
export type WebhookSettings = Pick<
  Config,
  'publicUrl' | 'alertWebhookUrl' | 'alertWebhookSecret' | 'alertWebhookFormat'
>;

/**
 * An alert as the operations webhook tells it: its kind ('security.password_changed',
 * 'gateway_health', …), an English subject and text, the screen to act on, and whom it
 * concerns (an account's email, when one).
 */
export interface WebhookAlert {
  kind: string;
  subject: string;
  text: string;
  link: string;
  account?: string;
  at: Date;
}

/** The header carrying the body's HMAC-SHA256: `sha256=<hex>` over `<timestamp>.<body>`. */
export const SIGNATURE_HEADER = 'x-alert-signature';
/** The header carrying the signing time, in Unix seconds. */
export const TIMESTAMP_HEADER = 'x-alert-timestamp';

/**
 * The body POSTed: with format 'json' the alert's fields; with 'slack' a Slack-compatible
 * message (`text`, in Slack's link markup) that Slack, Mattermost and Rocket.Chat incoming
 * webhooks show as is.
 */
export function webhookBody(format: WebhookSettings['alertWebhookFormat'], alert: WebhookAlert) {
  if (format === 'slack') {
    const who = alert.account ? ` (${alert.account})` : '';
    return JSON.stringify({
      text: `*${alert.subject}*${who}\n${alert.text}\n<${alert.link}|Open>`,
    });
  }
  return JSON.stringify({
    kind: alert.kind,
    subject: alert.subject,
    text: alert.text,
    link: alert.link,
    account: alert.account ?? null,
    occurred_at: alert.at.toISOString(),
  });
}

/** The HMAC-SHA256 (hex) of `<timestamp>.<body>` under the webhook secret. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The headers of one webhook POST, signed at the time it is sent. */
export function webhookHeaders(secret: string, body: string, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `sha256=${webhookSignature(secret, timestamp, body)}`,
  };
}

/**
 * How the outbox names the webhook: its host only, as a webhook URL may carry a token (Slack's
 * do) that the outbox screen must not show. The sender reads the URL from ALERT_WEBHOOK_URL.
 */
export const webhookRecipient = (url: string) => `webhook: ${new URL(url).host}`;

/**
 * Queues the alert for the operations webhook in the caller's transaction (the outbox, channel
 * 'webhook'), when ALERT_WEBHOOK_URL is set; else does nothing.
 */
export async function enqueueWebhook(
  tx: Queryable,
  settings: WebhookSettings,
  alert: WebhookAlert,
): Promise<void> {
  if (!settings.alertWebhookUrl) return;
  await tx.query(
    `INSERT INTO mail_outbox (channel, kind, recipient, lang, subject, text_body, html_body)
     VALUES ('webhook', $1, $2, 'en', $3, $4, '')`,
    [
      alert.kind,
      webhookRecipient(settings.alertWebhookUrl),
      alert.subject,
      webhookBody(settings.alertWebhookFormat, alert),
    ],
  );
}
