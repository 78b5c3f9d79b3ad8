import type { Db } from '../../db/db';
import { startQueuePump, type PumpErrorLog } from '../../db/queue-pump';
import type { DeliveryLog } from '../merchant-notifications/merchant-notifications.service';
import { deliverAndRecordMail, smtpTransportOf, type MailConfig } from './mail-sender';
import { claimDueMails, holdPendingMails } from './outbox.queries';
import { claimDueWebhooks, deliverAndRecordWebhook, type WebhookConfig } from './webhook-sender';

/** Mails in flight at most, per server process. */
export const MAIL_CONCURRENCY = 8;
/** Webhook POSTs in flight at most, per server process. */
export const WEBHOOK_CONCURRENCY = 4;
/** Without SMTP: how often queued mails are marked held. */
const HOLD_INTERVAL_MS = 1_000;

/**
 * Sends the outbox on its own loops, as merchant notifications are (`startQueuePump`: claimed
 * with `SKIP LOCKED`, so several server processes never send one row twice; retried with
 * back-off): mail over SMTP, and, when ALERT_WEBHOOK_URL is set, the operations webhook's rows.
 * Without SMTP_URL, queued mails are marked held ("not sent: no SMTP configured"); webhook rows
 * still go. Answers a function that stops and waits for what is in flight.
 */
export function startMailPump(
  db: Db,
  config: MailConfig & WebhookConfig,
  log: PumpErrorLog & Partial<DeliveryLog>,
) {
  const transport = smtpTransportOf(config);
  const deliveryLog = log.warn ? (log as DeliveryLog) : undefined;
  const stopWebhooks = config.alertWebhookUrl
    ? startQueuePump(
        db,
        {
          label: 'webhook',
          claim: claimDueWebhooks,
          deliver: (row) => deliverAndRecordWebhook(db, config, row, { log: deliveryLog }),
        },
        log,
        WEBHOOK_CONCURRENCY,
      )
    : async () => {};
  if (!transport) {
    const timer = setInterval(() => {
      holdPendingMails(db).catch((error: unknown) =>
        log.error({ err: error }, 'holding mails failed'),
      );
    }, HOLD_INTERVAL_MS);
    return async () => {
      clearInterval(timer);
      await stopWebhooks();
    };
  }
  const stopMail = startQueuePump(
    db,
    {
      label: 'mail',
      claim: claimDueMails,
      deliver: (mail) => deliverAndRecordMail(db, transport, config, mail),
    },
    log,
    MAIL_CONCURRENCY,
  );
  return async () => {
    await Promise.all([stopMail(), stopWebhooks()]);
    transport.close();
  };
}
