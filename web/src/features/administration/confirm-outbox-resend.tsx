import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';
import { sendResendOutboxMessage } from './api/resend-outbox-message';

/** Asks before a message is sent again, says to whom and what, and resends it on Confirm. */
export function ConfirmOutboxResend({
  message,
  onClose,
}: {
  message: OutboxRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await sendResendOutboxMessage(message.id);
      announceSuccess(
        t(
          answer.requeued
            ? 'administration.outbox.confirm.done'
            : 'administration.outbox.confirm.alreadyQueued',
          { recipient: message.recipient },
        ),
      );
      onClose();
    } catch {
      // The popup told why; the dialog stays for another try or Cancel.
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('administration.outbox.confirm.title')}
      onClose={isBusy ? () => undefined : onClose}
      testId="outbox-resend-confirm"
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </button>
          <BusyButton
            type="button"
            className="btn-primary"
            isBusy={isBusy}
            onClick={() => void confirm()}
            data-testid="outbox-resend-yes"
          >
            {t('administration.outbox.resend')}
          </BusyButton>
        </>
      }
    >
      <p>
        {t('administration.outbox.confirm.body', {
          recipient: message.recipient,
          subject: message.subject,
        })}
      </p>
      <p className="mb-0 text-muted small">{t('administration.outbox.confirm.note')}</p>
    </Dialog>
  );
}
