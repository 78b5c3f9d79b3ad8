import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../lib/popups';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';

/** Asks a new key's name, confirms, and hands it to `create` (false: refused, stay open). */
export function NewKeyDialog({
  onCreate,
  onClose,
}: {
  onCreate: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('merchantSettings.keys.nameRequired'));
    if (trimmed.length > 60) return setError(t('merchantSettings.keys.nameTooLong'));
    if (
      !(await confirmAction(
        t('merchantSettings.keys.confirmCreate', { name: trimmed }),
        t('merchantSettings.keys.create'),
      ))
    )
      return;
    setBusy(true);
    const done = await onCreate(trimmed);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog
      title={t('merchantSettings.keys.newTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="new-key-dialog"
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
            data-testid="new-key-submit"
          >
            {t('merchantSettings.keys.create')}
          </BusyButton>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <FormField
          label={t('merchantSettings.keys.name')}
          hint={t('merchantSettings.keys.nameHint')}
          value={name}
          maxLength={60}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          data-testid="new-key-name"
        />
      </form>
    </Dialog>
  );
}
