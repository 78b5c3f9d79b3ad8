import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  decideAccess,
  DISPUTE_REASON_CODES,
  readPositiveAmount,
  simulateDispute,
  type DisputeReasonCode,
  type MoneyDetail,
} from '@bo/contract';
import { useTechnicalInformation } from '../../lib/api/get-technical-information';
import { useSessionUser, viewerOf } from '../../lib/session';
import { announceSuccess } from '../../lib/success-notes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { sendSimulatedDispute } from './api/simulate-dispute';

/**
 * "Simulate dispute" on a successful pay-in's detail, for admins, on pay-ins through a sandbox
 * gateway only: the sandbox opens a chargeback as a payer's bank would, so the whole dispute
 * flow can be tried (demo and sandbox; never shown for a real gateway's pay-in).
 */
export default function SimulateDisputeButton({ detail }: { detail: MoneyDetail }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const allowed =
    !!viewer &&
    decideAccess(simulateDispute.rule, viewer) === 'allowed' &&
    viewer.accountType === 'admin';
  const row = detail.row as {
    id: string;
    status: string;
    currency: string;
    payment_gateway_code: string;
  };
  // Only pay-ins through a sandbox gateway (the technical information's) can be disputed here.
  const sandbox = useTechnicalInformation({
    select: (info) => new Set(info.sandbox.gateways.map((g) => g.payment_gateway_code)),
    enabled: allowed && row.status === 'success',
  });
  const [open, setOpen] = useState(false);
  const [reasonCode, setReasonCode] = useState<DisputeReasonCode>('product_not_received');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  if (detail.kind !== 'payin' || row.status !== 'success' || !allowed) return null;
  if (!sandbox.data?.has(row.payment_gateway_code)) return null;
  const confirm = async () => {
    const typed = amount.trim();
    if (typed && !readPositiveAmount(typed, row.currency).ok) {
      setAmountError(t('money.request.badAmount', { currency: row.currency }));
      return false;
    }
    await sendSimulatedDispute({
      payinId: row.id,
      reasonCode,
      ...(typed ? { amount: typed } : {}),
    });
    announceSuccess(t('disputes.simulated'));
  };
  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() => setOpen(true)}
        data-testid="dispute-simulate-open"
      >
        <i className="bi bi-shield-exclamation me-1" aria-hidden />
        {t('disputes.simulate')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('disputes.simulateTitle')}
          testId="dispute-simulate-dialog"
          confirmLabel={t('disputes.simulateConfirm')}
          confirmTestId="dispute-simulate-confirm"
          confirmClassName="btn-warning"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        >
          <p className="small">{t('disputes.simulateEffect')}</p>
          <SelectField
            label={t('disputes.column.reason')}
            value={reasonCode}
            onChange={(e) => setReasonCode(e.target.value as DisputeReasonCode)}
            data-testid="dispute-simulate-reason"
          >
            {DISPUTE_REASON_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`money.disputeReason.${code}`)}
              </option>
            ))}
          </SelectField>
          <FormField
            label={t('disputes.simulateAmount', { currency: row.currency })}
            hint={t('disputes.simulateAmountHint')}
            inputMode="decimal"
            value={amount}
            error={amountError}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="dispute-simulate-amount"
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
