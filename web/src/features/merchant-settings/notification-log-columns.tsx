import type { TFunction } from 'i18next';
import type { NotificationAttemptRow } from '@bo/contract';
import { column, dateColumn, statusColumn, type ListColumn } from '../../ui/list/columns';
import { isNotificationEvent } from './use-event-filter';

type Column = ListColumn<NotificationAttemptRow>;

/** The checkbox that puts an attempt's notification in the selection to resend. */
export const selectColumn = (
  t: TFunction,
  selected: ReadonlySet<string>,
  onSelect: (notificationId: string, isOn: boolean) => void,
): Column =>
  column<NotificationAttemptRow>(
    'select',
    '',
    (row) => (
      <input
        type="checkbox"
        className="form-check-input"
        checked={selected.has(row.notification_id)}
        aria-label={t('merchantSettings.log.select', { id: row.ref_id.slice(0, 8) })}
        onChange={(e) => onSelect(row.notification_id, e.target.checked)}
        data-testid="select-attempt"
      />
    ),
    { label: t('merchantSettings.log.selection') },
  );

/** What an attempt was: when, which event of which transaction, where, and the answer. */
export const attemptColumns = (t: TFunction): Column[] => [
  dateColumn<NotificationAttemptRow>(
    'created_at',
    t('merchantSettings.log.time'),
    (r) => r.created_at,
  ),
  column<NotificationAttemptRow>('event', t('merchantSettings.log.event'), (r) => (
    <span className="text-nowrap" data-testid="attempt-event">
      {isNotificationEvent(r.event) ? t(`merchantSettings.events.${r.event}`) : r.event}
    </span>
  )),
  column<NotificationAttemptRow>('ref_id', t('merchantSettings.log.transaction'), (r) => (
    <>
      <bdi className="d-block">{r.order_id}</bdi>
      <bdi dir="ltr" className="font-monospace small text-muted" title={r.ref_id}>
        {r.ref_id.slice(0, 8)}
      </bdi>
    </>
  )),
  column<NotificationAttemptRow>('url', t('merchantSettings.log.url'), (r) => (
    <bdi
      dir="ltr"
      className="d-inline-block text-truncate small align-middle"
      style={{ maxWidth: '12rem' }}
      title={r.url}
    >
      {r.url}
    </bdi>
  )),
  statusColumn<NotificationAttemptRow>('status', t('merchantSettings.log.status'), (r) => r.status),
  column<NotificationAttemptRow>('http_status', t('merchantSettings.log.code'), (r) => (
    <span data-testid="attempt-code">{r.http_status ?? t('merchantSettings.notify.noAnswer')}</span>
  )),
  column<NotificationAttemptRow>('latency_ms', t('merchantSettings.log.latency'), (r) =>
    r.latency_ms === null ? '' : t('merchantSettings.notify.ms', { ms: r.latency_ms }),
  ),
  column<NotificationAttemptRow>('response_excerpt', t('merchantSettings.log.body'), (r) => (
    <span
      dir="ltr"
      className="d-inline-block text-truncate small align-middle"
      style={{ maxWidth: '10rem' }}
      title={r.response_excerpt || r.error}
    >
      {r.response_excerpt || r.error}
    </span>
  )),
];

/** The button resending one attempt's notification. */
export const resendColumn = (t: TFunction, onResend: (notificationId: string) => void): Column =>
  column<NotificationAttemptRow>(
    'actions',
    t('merchantSettings.log.actions'),
    (r) => (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary text-nowrap"
        onClick={() => onResend(r.notification_id)}
        data-testid="resend-one"
      >
        <i className="bi bi-arrow-clockwise me-1" aria-hidden />
        {t('merchantSettings.log.resend')}
      </button>
    ),
    { label: t('merchantSettings.log.actions') },
  );
