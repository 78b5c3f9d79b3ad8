import {
  NOTIFICATION_ATTEMPT_STATUSES,
  NOTIFICATION_EVENTS,
  type NotificationAttemptStatus,
  type NotificationAttemptRow,
  type NotificationEvent,
} from '@bo/contract';
import { defineScopedList } from '../scoped-lists/list-query';

/** One row of the `merchant_notification_log` view (migration 0430). */
export interface NotificationLogRecord {
  id: string;
  notification_id: string;
  attempt: number;
  created_at: Date;
  event: string;
  ref_type: string;
  ref_id: string;
  order_id: string;
  url: string;
  status: NotificationAttemptStatus;
  notification_status: string;
  http_status: number | null;
  latency_ms: number | null;
  response_excerpt: string;
  error: string;
}

/**
 * The notification log: every delivery attempt, a merchant seeing its own only. The search box
 * finds a transaction's attempts by its id, the notification's id or the merchant's order id.
 */
export const notificationLog = defineScopedList<NotificationLogRecord>({
  from: 'FROM merchant_notification_log x',
  columns: `x.id, x.notification_id, x.attempt, x.created_at, x.event, x.ref_type, x.ref_id, x.order_id,
            x.url, x.status, x.notification_status, x.http_status, x.latency_ms, x.response_excerpt, x.error`,
  alias: 'x',
  scope: { merchant: 'x.merchant_account_id' },
  codes: {},
  statuses: NOTIFICATION_ATTEMPT_STATUSES,
  search: { ids: ['x.ref_id', 'x.notification_id'], texts: ['x.order_id'] },
  sorts: { created_at: 'x.created_at' },
  defaultSort: 'created_at',
});

/** The log's own filter: one event (a closed list, so it is written into the condition). */
export function eventCondition(event: NotificationEvent | undefined): string[] {
  if (!event || !NOTIFICATION_EVENTS.includes(event)) return [];
  return [`x.event = '${event}'`];
}

export const viewNotificationAttempt = (r: NotificationLogRecord): NotificationAttemptRow => ({
  id: r.id,
  notification_id: r.notification_id,
  attempt: r.attempt,
  created_at: r.created_at.toISOString(),
  event: r.event,
  ref_type: r.ref_type,
  ref_id: r.ref_id,
  order_id: r.order_id,
  url: r.url,
  status: r.status,
  http_status: r.http_status,
  latency_ms: r.latency_ms,
  response_excerpt: r.response_excerpt,
  error: r.error,
  notification_status: r.notification_status,
});
