import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMerchantNotificationLog, NOTIFICATION_EVENTS } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { queryClient } from '../../lib/query-client';
import { sendResendMerchantNotifications } from './api/resend-merchant-notifications';
import { attemptColumns, resendColumn, selectColumn } from './notification-log-columns';
import { confirmAndSend } from './save-change';
import { ToolbarSelect } from '../../ui/select-field';
import { useEventFilter } from './use-event-filter';

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

  const columns = useMemo(() => {
    const toggle = (id: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    };
    return [
      selectColumn(t, selected, toggle),
      ...attemptColumns(t),
      resendColumn(t, (id) => void resend([id])),
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
