import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { Dialog } from '../../ui/dialog';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { heldMailBodyQuery } from './api/get-held-mail-body';

/**
 * A held mail's body (no SMTP server is set), for an administrator to pass on by other means;
 * it says that the read is logged and when a reset link was hidden.
 */
export function HeldMailDialog({ message, onClose }: { message: OutboxRow; onClose: () => void }) {
  const { t } = useTranslation();
  const body = useQuery(heldMailBodyQuery(message.id));
  return (
    <Dialog
      title={t('administration.outbox.held.title', { recipient: isolate(message.recipient) })}
      onClose={onClose}
      size="lg"
      testId="outbox-held-body"
    >
      <p className="small text-muted">{t('administration.outbox.held.note')}</p>
      {body.isPending ? (
        <Spinner />
      ) : body.isError ? (
        <LoadFailed onRetry={() => void body.refetch()} />
      ) : (
        <>
          {body.data.link_hidden && (
            <p className="alert alert-warning small" role="note">
              {t('administration.outbox.held.linkHidden')}
            </p>
          )}
          <pre
            className="border rounded p-3 bg-body-tertiary small text-break mb-0"
            style={{ whiteSpace: 'pre-wrap' }}
            dir="auto"
            data-testid="outbox-held-text"
          >
            {body.data.text_body}
          </pre>
        </>
      )}
    </Dialog>
  );
}
