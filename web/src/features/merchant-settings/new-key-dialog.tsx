import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../lib/popups';
import { FormDialog } from '../../ui/form-dialog';
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
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
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
    <FormDialog
      title={t('merchantSettings.keys.newTitle')}
      testId="new-key-dialog"
      submitLabel={t('merchantSettings.keys.create')}
      submitTestId="new-key-submit"
      onSubmit={submit}
      onClose={onClose}
      isBusy={busy}
    >
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
    </FormDialog>
  );
}
