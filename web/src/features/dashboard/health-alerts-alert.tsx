import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '@bo/contract';

interface HealthAlert {
  readonly id: string;
  readonly rule_name: string;
  readonly payment_gateway_name: string;
  readonly currency: string;
  readonly deactivated: boolean;
}

/**
 * Admin with the administrator module: the open gateway health alerts (issue 13), each with its
 * gateway and rule, and a link to the monitoring screen. Shown while an alert is open.
 */
export function HealthAlertsAlert({ alerts }: { alerts: readonly HealthAlert[] | undefined }) {
  const { t } = useTranslation();
  if (!alerts?.length) return null;
  return (
    <div
      className="alert alert-danger d-flex align-items-start gap-2"
      role="alert"
      data-testid="health-alerts-alert"
    >
      <i className="bi bi-activity fs-5 lh-1 mt-1" aria-hidden />
      <div className="flex-grow-1">
        <span className="fw-medium">{t('gatewayHealth.dashboard.title')}: </span>
        {alerts.map((a, i) => (
          <span key={a.id} data-testid="health-alerts-item">
            {i > 0 && ', '}
            {a.payment_gateway_name} ({a.currency}) — “{a.rule_name}”
            {a.deactivated && ` (${t('gatewayHealth.dashboard.deactivated')})`}
          </span>
        ))}{' '}
        <Link
          to={pathOf('paymentGatewayMonitoring')}
          className="alert-link"
          data-testid="health-alerts-link"
        >
          {t('gatewayHealth.dashboard.open')}
        </Link>
      </div>
    </div>
  );
}
