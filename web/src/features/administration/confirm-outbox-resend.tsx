import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
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
  const resend = async () => {
    const answer = await sendResendOutboxMessage(message.id);
    announceSuccess(
      t(
        answer.requeued
          ? 'administration.outbox.confirm.done'
          : 'administration.outbox.confirm.alreadyQueued',
        { recipient: message.recipient },
      ),
    );
  };
  return (
    <ConfirmDialog
      title={t('administration.outbox.confirm.title')}
      testId="outbox-resend-confirm"
      confirmLabel={t('administration.outbox.resend')}
      confirmTestId="outbox-resend-yes"
      onConfirm={resend}
      onClose={onClose}
    >
      <p>
        {t('administration.outbox.confirm.body', {
          recipient: message.recipient,
          subject: message.subject,
        })}
      </p>
      <p className="mb-0 text-muted small">{t('administration.outbox.confirm.note')}</p>
    </ConfirmDialog>
  );
}
