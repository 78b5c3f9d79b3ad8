import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog';
import { DialogFooter } from '../../ui/dialog-footer';

/** A secret just made, with the id that names it. */
export interface ShownSecret {
  readonly title: string;
  readonly idLabel: string;
  readonly id: string;
  readonly secret: string;
}

/** Copies text to the clipboard; false when the browser refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows a secret the one time it can be seen, with a copy button: once closed, only its id
 * is ever shown again.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Dialog
      title={shown.title}
      onClose={onClose}
      testId="secret-dialog"
      footer={
        <DialogFooter
          action={{
            label: t('merchantSettings.secret.done'),
            onClick: onClose,
            testId: 'secret-done',
          }}
        />
      }
    >
      <div className="alert alert-warning d-flex gap-2" role="alert">
        <i className="bi bi-exclamation-triangle" aria-hidden />
        <span>{t('merchantSettings.secret.onlyOnce')}</span>
      </div>
      <dl className="mb-0">
        <dt>{shown.idLabel}</dt>
        <dd>
          <bdi dir="ltr" className="font-monospace" data-testid="secret-id">
            {shown.id}
          </bdi>
        </dd>
        <dt>{t('merchantSettings.secret.secret')}</dt>
        <dd className="d-flex flex-wrap align-items-center gap-2">
          <code dir="ltr" className="user-select-all text-break" data-testid="secret-value">
            {shown.secret}
          </code>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => void copyText(shown.secret).then(setCopied)}
            data-testid="secret-copy"
          >
            <i className="bi bi-clipboard me-1" aria-hidden />
            {t('merchantSettings.secret.copy')}
          </button>
          {copied !== null && (
            <span
              className={copied ? 'text-success small' : 'text-danger small'}
              role="status"
              data-testid="secret-copied"
            >
              {copied
                ? t('merchantSettings.secret.copied')
                : t('merchantSettings.secret.copyFailed')}
            </span>
          )}
        </dd>
      </dl>
    </Dialog>
  );
}
