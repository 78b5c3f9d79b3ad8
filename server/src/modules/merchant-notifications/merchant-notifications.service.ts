import type { Queryable } from '../../db/db';
import { enqueueNotifications, type SentNotification } from './notifications.queries';

/**
 * What the money lifecycles use to tell merchants about a change: a notification drafted in
 * the same transaction (or batch of writes) as the change it reports; `notifier.ts` sends it.
 * The detail view reads what was sent and each attempt's answer; merchant settings read and
 * change where notifications go and what signs them.
 */
export {
  enqueueNotifications,
  eventOf,
  findAttemptsOf,
  findNotificationsOf,
  notificationWrites,
  recordPastDeliveries,
  retryDelaySeconds,
  type DeliveryOutcome,
  type NotificationAttempt,
  type NotificationDraft,
  type PastAttempt,
  type SentNotification,
} from './notifications.queries';
export {
  findMerchantNotifications,
  findNotificationSigner,
  findNotifySettings,
  lockNotifySettings,
  updateCallbackSecret,
  updateNotifyUrl,
  type NotificationSigner,
  type NotifySettingsRecord,
} from './notify-settings.queries';
export {
  NOTIFY_TIMEOUT_MS,
  notificationHeaders,
  postNotification,
  postOptionsOf,
  type DeliveryLog,
} from './notifier';
/** The operations webhook (modules/mail) is POSTed under the same rules as notify URLs. */
export { type Resolve } from './notify-url-check';

/**
 * Queues sent notifications again, in the caller's transaction: a new notification each, with
 * the same merchant, URL and payload, sent by the notifier like any other (retried until
 * acknowledged). The one way a notification is resent, from a detail view or the log.
 */
export async function requeueNotifications(
  tx: Queryable,
  sent: readonly SentNotification[],
  at: Date,
): Promise<void> {
  await enqueueNotifications(
    tx,
    sent.map((n) => ({
      merchantId: n.merchant_account_id,
      refType: n.ref_type,
      refId: n.ref_id,
      url: n.url,
      payload: n.payload,
      at,
    })),
  );
}
