import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  getMerchantNotificationLog,
  NOTIFICATION_EVENTS,
  type NotificationAttemptRow,
} from '@bo/contract';
import { column, dateColumn, statusColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { queryClient } from '../../lib/query-client';
import { sendResendMerchantNotifications } from './api/resend-merchant-notifications';
import { confirmAndSend } from './save-change';
import { ToolbarSelect } from '../../ui/select-field';

const isEvent = (v: string | null): v is (typeof NOTIFICATION_EVENTS)[number] =>
  NOTIFICATION_EVENTS.some((e) => e === v);

/**
 * The event filter, kept in the URL as `event` beside the list kit's own fields (which the kit
 * rewrites on each page change, so it is put back when missing).
 */
function useEventFilter() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('event');
  const [event, setEvent] = useState(isEvent(fromUrl) ? fromUrl : '');
  useEffect(() => {
    if (event && params.get('event') !== event)
      setParams(
        (p) => {
          p.set('event', event);
          return p;
        },
        { replace: true },
      );
  }, [event, params, setParams]);
  const change = (next: string) => {
    setEvent(isEvent(next) ? next : '');
    setParams((p) => {
      if (isEvent(next)) p.set('event', next);
      else p.delete('event');
      p.delete('page');
      return p;
    });
  };
  return [event, change] as const;
}

/**
 * Every delivery attempt of the merchant's notifications, newest first: when, what, where,
 * the answer's code, latency and start. Filters (status tabs, event, dates, a transaction's id
 * or order id) live in the URL; the list exports; notifications are resent one or many at a
 * time after a confirmation.
 */
export function NotificationLogCard() {
  const { t } = useTranslation();
  const [event, setEvent] = useEventFilter();
  const list = useListPage(getMerchantNotificationLog, { fixed: event ? { event } : {} });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const resend = async (notificationIds: readonly string[]) => {
    const ids = [...new Set(notificationIds)];
    const done = await confirmAndSend({
      question: t('merchantSettings.log.confirmResend', { count: ids.length }),
      confirmLabel: t('merchantSettings.log.resend'),
      send: () => sendResendMerchantNotifications({ ids }),
      refresh: () => queryClient.invalidateQueries({ queryKey: [getMerchantNotificationLog.name] }),
      doneText: t('merchantSettings.log.resent', { count: ids.length }),
    });
    if (done) setSelected(new Set());
  };

  const columns = useMemo((): ListColumn<NotificationAttemptRow>[] => {
    const toggle = (id: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    };
    return [
      column<NotificationAttemptRow>(
        'select',
        '',
        (row) => (
          <input
            type="checkbox"
            className="form-check-input"
            checked={selected.has(row.notification_id)}
            aria-label={t('merchantSettings.log.select', { id: row.ref_id.slice(0, 8) })}
            onChange={(e) => toggle(row.notification_id, e.target.checked)}
            data-testid="select-attempt"
          />
        ),
        { label: t('merchantSettings.log.selection') },
      ),
      dateColumn<NotificationAttemptRow>(
        'created_at',
        t('merchantSettings.log.time'),
        (r) => r.created_at,
      ),
      column<NotificationAttemptRow>('event', t('merchantSettings.log.event'), (r) => (
        <span className="text-nowrap" data-testid="attempt-event">
          {isEvent(r.event) ? t(`merchantSettings.events.${r.event}`) : r.event}
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
      statusColumn<NotificationAttemptRow>(
        'status',
        t('merchantSettings.log.status'),
        (r) => r.status,
      ),
      column<NotificationAttemptRow>('http_status', t('merchantSettings.log.code'), (r) => (
        <span data-testid="attempt-code">
          {r.http_status ?? t('merchantSettings.notify.noAnswer')}
        </span>
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
      column<NotificationAttemptRow>(
        'actions',
        t('merchantSettings.log.actions'),
        (r) => (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary text-nowrap"
            onClick={() => void resend([r.notification_id])}
            data-testid="resend-one"
          >
            <i className="bi bi-arrow-clockwise me-1" aria-hidden />
            {t('merchantSettings.log.resend')}
          </button>
        ),
        { label: t('merchantSettings.log.actions') },
      ),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resend reads only t and setters
  }, [t, selected]);

  return (
    <section className="mb-3" data-testid="notification-log">
      <h5 className="mb-1">{t('merchantSettings.log.title')}</h5>
      <p className="text-muted small">{t('merchantSettings.log.text')}</p>
      <ListView
        list={list}
        columns={columns}
        listId="merchant-notification-log"
        getRowId={(row) => row.id}
        actions={
          <>
            <ToolbarSelect
              label={t('merchantSettings.log.event')}
              value={event}
              onChange={(e) => setEvent(e.target.value)}
              data-testid="event-filter"
            >
              <option value="">{t('merchantSettings.log.allEvents')}</option>
              {NOTIFICATION_EVENTS.map((e) => (
                <option key={e} value={e}>
                  {t(`merchantSettings.events.${e}`)}
                </option>
              ))}
            </ToolbarSelect>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={selected.size === 0}
              onClick={() => void resend([...selected])}
              data-testid="resend-selected"
            >
              <i className="bi bi-arrow-clockwise me-1" aria-hidden />
              {t('merchantSettings.log.resendSelected', { count: selected.size })}
            </button>
          </>
        }
      />
    </section>
  );
}
