/**
 * What the money lifecycles use to tell merchants about a change: a notification drafted in
 * the same transaction (or batch of writes) as the change it reports; `notifier.ts` sends it.
 * The detail view reads what was sent and each attempt's answer.
 */
export {
  enqueueNotifications,
  findAttemptsOf,
  findNotificationsOf,
  notificationWrites,
  type NotificationAttempt,
  type NotificationDraft,
  type SentNotification,
} from './notifications.queries';
