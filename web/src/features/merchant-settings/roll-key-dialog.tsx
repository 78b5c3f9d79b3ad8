import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_ROLL_WINDOWS, type ApiKeyRollWindow, type MerchantApiKeyRow } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { FormDialog } from '../../ui/form-dialog';

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
  const fieldId = useId();
  const [overlap, setOverlap] = useState<ApiKeyRollWindow>('24h');
  const [busy, setBusy] = useState(false);
  const windowText = (w: ApiKeyRollWindow) => t(`merchantSettings.keys.window.${w}`);
  const submit = async () => {
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
    <FormDialog
      title={t('merchantSettings.keys.rollTitle', { name: apiKey.name })}
      testId="roll-key-dialog"
      submitLabel={t('merchantSettings.keys.roll')}
      submitTestId="roll-key-submit"
      onSubmit={submit}
      onClose={onClose}
      isBusy={busy}
    >
      <p>{t('merchantSettings.keys.rollText')}</p>
      <fieldset>
        <legend className="form-label fw-medium fs-6">{t('merchantSettings.keys.overlap')}</legend>
        {API_KEY_ROLL_WINDOWS.map((w) => (
          <div className="form-check" key={w}>
            <input
              className="form-check-input"
              type="radio"
              name="window"
              id={`${fieldId}-${w}`}
              checked={overlap === w}
              onChange={() => setOverlap(w)}
              data-testid={`roll-window-${w}`}
            />
            <label className="form-check-label" htmlFor={`${fieldId}-${w}`}>
              {windowText(w)}
            </label>
          </div>
        ))}
      </fieldset>
    </FormDialog>
  );
}
