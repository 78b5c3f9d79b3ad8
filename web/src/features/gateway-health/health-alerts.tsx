import { useTranslation } from 'react-i18next';
import type { GatewayHealthAlert } from '@bo/contract';
import { formatInTimeZone, DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { useSessionUser } from '../../lib/session';
import { alertText } from './health-text';

/** The open alerts, newest first: what holds, which rule raised it, whether it deactivated. */
export function HealthAlerts({ alerts }: { alerts: readonly GatewayHealthAlert[] }) {
  const { t } = useTranslation();
  const timeZone = useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE;
  if (!alerts.length) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="health-alerts">
      <h5 className="alert-heading fs-6 mb-2">
        <i className="bi bi-exclamation-octagon-fill me-2" aria-hidden />
        {t('gatewayHealth.alertsTitle')}
      </h5>
      <ul className="mb-0 ps-3">
        {alerts.map((alert) => (
          <li key={alert.id} data-testid="health-alert" className="mb-1">
            <span className="fw-medium">{alertText(t, alert)}</span>
            {alert.deactivated && (
              <span className="badge bg-danger ms-2">{t('gatewayHealth.alertDeactivated')}</span>
            )}
            <div className="small">
              {t('gatewayHealth.alertRule', {
                rule: alert.rule_name,
                time: formatInTimeZone(new Date(alert.raised_at), timeZone),
              })}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
