import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_ROLL_WINDOWS, type ApiKeyRollWindow, type MerchantApiKeyRow } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';

/**
 * Rolls a key: the merchant picks how long the old key keeps working beside the new one,
 * confirms, and `onRoll` sends it (false: refused, stay open).
 */
export function RollKeyDialog({
  apiKey,
  onRoll,
  onClose,
}: {
  apiKey: MerchantApiKeyRow;
  onRoll: (window: ApiKeyRollWindow) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [overlap, setOverlap] = useState<ApiKeyRollWindow>('24h');
  const [busy, setBusy] = useState(false);
  const windowText = (w: ApiKeyRollWindow) => t(`merchantSettings.keys.window.${w}`);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const question = t('merchantSettings.keys.confirmRoll', {
      name: apiKey.name,
      window: windowText(overlap),
    });
    if (!(await confirmAction(question, t('merchantSettings.keys.roll')))) return;
    setBusy(true);
    const done = await onRoll(overlap);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      title={t('merchantSettings.keys.rollTitle', { name: apiKey.name })}
      onClose={busy ? () => undefined : onClose}
      testId="roll-key-dialog"
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <BusyButton
            type="submit"
            form={formId}
            className="btn-primary"
            isBusy={busy}
            data-testid="roll-key-submit"
          >
            {t('merchantSettings.keys.roll')}
          </BusyButton>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)}>
        <p>{t('merchantSettings.keys.rollText')}</p>
        <fieldset>
          <legend className="form-label fw-medium fs-6">
            {t('merchantSettings.keys.overlap')}
          </legend>
          {API_KEY_ROLL_WINDOWS.map((w) => (
            <div className="form-check" key={w}>
              <input
                className="form-check-input"
                type="radio"
                name="window"
                id={`${formId}-${w}`}
                checked={overlap === w}
                onChange={() => setOverlap(w)}
                data-testid={`roll-window-${w}`}
              />
              <label className="form-check-label" htmlFor={`${formId}-${w}`}>
                {windowText(w)}
              </label>
            </div>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}
