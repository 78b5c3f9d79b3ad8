import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyDetail, TimezoneChoice } from '@bo/contract';
import { formatInTimeZone } from '../../../lib/time-zone';
import { StatusBadge } from '../../list/status-badge';

/** The gateway's callbacks received for the item (admins), redeliveries marked, raw on demand. */
export function DetailCallbacks({
  callbacks,
  timeZone,
}: {
  callbacks: NonNullable<MoneyDetail['callbacks']>;
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  if (!callbacks.length) return <p className="text-muted small mb-0">{t('money.detail.none')}</p>;
  return (
    <ul className="list-unstyled mb-0" data-testid="detail-callbacks">
      {callbacks.map((callback, index) => (
        <li key={index} className="border-bottom py-2" data-duplicate={callback.is_duplicate}>
          <div className="d-flex flex-wrap gap-2 align-items-center small">
            <bdi className="text-muted">
              {formatInTimeZone(new Date(callback.received_at), timeZone)}
            </bdi>
            <StatusBadge status={callback.status} />
            <span className="badge bg-light text-dark border">
              {t(`money.detail.outcome.${callback.outcome}`, { defaultValue: callback.outcome })}
            </span>
            {callback.is_duplicate && (
              <span className="badge bg-warning-subtle text-warning-emphasis">
                {t('money.detail.duplicate')}
              </span>
            )}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 ms-auto"
              onClick={() => setShown(shown === index ? null : index)}
              aria-expanded={shown === index}
            >
              {t('money.detail.raw')}
            </button>
          </div>
          {shown === index && (
            <pre className="small bg-light p-2 mt-1 mb-0 text-break" dir="ltr">
              {callback.raw}
            </pre>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The notifications sent to the merchant's notify URL, each attempt with its answer. */
export function DetailNotifications({
  notifications,
  timeZone,
}: {
  notifications: MoneyDetail['notifications'];
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  if (!notifications.length)
    return <p className="text-muted small mb-0">{t('money.detail.none')}</p>;
  return (
    <ul className="list-unstyled mb-0" data-testid="detail-notifications">
      {notifications.map((notification) => (
        <li key={notification.id} className="border-bottom py-2 small">
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span className="badge bg-light text-dark border" data-testid="notification-status">
              {t(`money.detail.delivery.${notification.status}`, {
                defaultValue: notification.status,
              })}
            </span>
            <bdi className="text-break font-monospace">{notification.url}</bdi>
          </div>
          <ol className="mb-0 mt-1">
            {notification.attempts.map((attempt) => (
              <li key={attempt.attempt}>
                <bdi className="text-muted">{formatInTimeZone(new Date(attempt.at), timeZone)}</bdi>{' '}
                —{' '}
                {attempt.http_status !== null
                  ? t('money.detail.httpStatus', { status: attempt.http_status })
                  : t('money.detail.noAnswer', { error: attempt.error })}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
