/**
 * What the money lifecycles use to tell merchants about a change: a notification drafted in
 * the same transaction (or batch of writes) as the change it reports; `notifier.ts` sends it.
 */
export {
  enqueueNotifications,
  notificationWrites,
  type NotificationDraft,
} from './notifications.queries';
