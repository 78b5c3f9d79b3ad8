import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAY_LIMITS, type GatewayAdminRow } from '@bo/contract';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { sendSetPaymentGatewayStatus } from './api/set-payment-gateway-status';

/** A labelled reason box with its error or hint, shared by the gateway dialogs. */
export function ReasonField({
  value,
  onChange,
  label,
  hint,
  error,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  hint: string;
  error: string | null;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="mb-0">
      <label htmlFor={id} className="form-label fw-medium">
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        rows={2}
        maxLength={GATEWAY_LIMITS.reason}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
      />
      {error ? (
        <div className="invalid-feedback">{error}</div>
      ) : (
        <div className="form-text">{hint}</div>
      )}
    </div>
  );
}

/** Asks before activating or deactivating a gateway, with the reason the admin log keeps. */
export function GatewayStatusDialog({
  gateway,
  onClose,
  onDone,
}: {
  gateway: GatewayAdminRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deactivating = gateway.status === 'activated';
  const action = deactivating ? 'deactivate' : 'activate';
  const names = { name: gateway.payment_gateway_name, currency: gateway.currency };
  const confirm = async () => {
    if (reason.trim().length < GATEWAY_LIMITS.reasonMin) {
      setError(t('gateways.statusDialog.reasonTooShort'));
      return false;
    }
    await sendSetPaymentGatewayStatus({
      id: gateway.id,
      status: deactivating ? 'inactive' : 'activated',
      reason: reason.trim(),
    });
    onDone();
  };
  return (
    <ConfirmDialog
      title={t(`gateways.statusDialog.${action}Title`, names)}
      testId="gateway-status-dialog"
      confirmLabel={t(`gateways.statusDialog.${action}`)}
      confirmTestId="gateway-status-confirm"
      confirmClassName={deactivating ? 'btn-danger' : 'btn-primary'}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t(`gateways.statusDialog.${action}Body`, names)}</p>
      <ReasonField
        value={reason}
        onChange={(v) => {
          setReason(v);
          setError(null);
        }}
        label={t('gateways.statusDialog.reason')}
        hint={t('gateways.statusDialog.reasonHint')}
        error={error}
        testId="gateway-status-reason-input"
      />
    </ConfirmDialog>
  );
}
