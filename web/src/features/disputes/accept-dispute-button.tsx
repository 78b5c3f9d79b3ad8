import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisputeRow } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormField } from '../../ui/form-field';
import { moneyText } from '../../ui/list/money-text';
import { sendAcceptance } from './api/answer-dispute';

/**
 * Accepting a dispute: the merchant gives up, the dispute is lost and its hold (amount and
 * fee) is taken for good; the effect is said before confirming. An admin says why.
 */
export function AcceptDisputeButton({
  dispute,
  held,
  reasonRequired,
}: {
  dispute: DisputeRow;
  held: string;
  reasonRequired: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const confirm = async () => {
    if (reasonRequired && !reason.trim()) {
      setReasonError(t('disputes.reasonRequired'));
      return false;
    }
    await sendAcceptance(dispute.id, reason.trim());
    announceSuccess(t('disputes.accepted'));
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        onClick={() => setOpen(true)}
        data-testid="dispute-accept-open"
      >
        {t('disputes.accept')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('disputes.acceptTitle', { orderId: dispute.order_id })}
          testId="dispute-accept-dialog"
          confirmLabel={t('disputes.acceptConfirm')}
          confirmTestId="dispute-accept-confirm"
          confirmClassName="btn-danger"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        >
          <p data-testid="dispute-accept-effect">
            <bdi>{t('disputes.acceptEffect', { held: moneyText(held, dispute.currency) })}</bdi>
          </p>
          {reasonRequired && (
            <FormField
              label={t('disputes.reasonOnBehalf')}
              value={reason}
              maxLength={300}
              error={reasonError}
              onChange={(e) => setReason(e.target.value)}
              data-testid="dispute-accept-reason"
            />
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
