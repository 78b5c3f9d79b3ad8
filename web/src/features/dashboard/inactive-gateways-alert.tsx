import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '@bo/contract';

interface InactiveGateway {
  readonly id: string;
  readonly payment_gateway_name: string;
  readonly currency: string;
}

/**
 * Admin: a dismissible warning naming each inactive payment gateway, with a link to the payment
 * gateway page. Dismissing hides this list; a gateway that becomes inactive later shows it again.
 */
export function InactiveGatewaysAlert({ gateways }: { gateways: readonly InactiveGateway[] }) {
  const { t } = useTranslation();
  const listKey = gateways.map((g) => g.id).join(',');
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  if (gateways.length === 0 || dismissedKey === listKey) return null;
  const names = gateways.map((g) => `${g.payment_gateway_name} (${g.currency})`).join(', ');
  return (
    <div
      className="alert alert-warning alert-dismissible d-flex align-items-start gap-2"
      role="alert"
      data-testid="inactive-gateways-alert"
    >
      <i className="bi bi-exclamation-triangle-fill fs-5 lh-1 mt-1" aria-hidden />
      <div className="flex-grow-1">
        <span>{t('dashboard.inactiveGateways', { names })}</span>{' '}
        <Link
          to={pathOf('paymentGateway')}
          className="alert-link"
          data-testid="inactive-gateways-link"
        >
          {t('dashboard.reviewGateways')}
        </Link>
      </div>
      <button
        type="button"
        className="btn-close"
        aria-label={t('dashboard.dismiss')}
        onClick={() => setDismissedKey(listKey)}
      />
    </div>
  );
}
