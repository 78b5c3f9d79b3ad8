import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_NAME_MAX, type SavedView } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { FormDialog } from '../form-dialog';
import { FormField } from '../form-field';
import { useSubmit } from '../use-submit';

/**
 * Asks a view's name (a new view's, with whether the list opens with it; or a new name for
 * `renaming`). The name is checked here as the server checks it; a refusal of the server shows
 * in the dialog, which stays open.
 */
export function SavedViewDialog({
  views,
  renaming,
  onSave,
  onClose,
}: {
  views: readonly SavedView[];
  renaming?: SavedView;
  onSave: (name: string, isDefault: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(renaming?.name ?? '');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { isBusy: busy, run } = useSubmit();
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('list.views.nameRequired'));
    if (trimmed.length > SAVED_VIEW_NAME_MAX)
      return setError(t('list.views.nameTooLong', { max: SAVED_VIEW_NAME_MAX }));
    const taken = views.some(
      (view) => view.id !== renaming?.id && view.name.toLowerCase() === trimmed.toLowerCase(),
    );
    if (taken) return setError(t('list.views.nameTaken'));
    // A refusal shows in this dialog (the API client routes it here); it stays open.
    await run(async () => {
      await onSave(trimmed, isDefault);
      onClose();
    });
  };
  return (
    <FormDialog
      title={
        renaming
          ? t('list.views.renameTitle', { name: isolate(renaming.name) })
          : t('list.views.save')
      }
      testId="saved-view-dialog"
      size="sm"
      submitLabel={t('common.save')}
      submitTestId="saved-view-submit"
      onSubmit={submit}
      onClose={onClose}
      isBusy={busy}
    >
      <FormField
        name="name"
        label={t('list.views.name')}
        hint={renaming ? undefined : t('list.views.nameHint')}
        value={name}
        maxLength={SAVED_VIEW_NAME_MAX}
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        data-testid="saved-view-name"
      />
      {!renaming && (
        <div className="form-check">
          <input
            id="saved-view-default"
            type="checkbox"
            className="form-check-input"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.target.checked)}
            data-testid="saved-view-default"
          />
          <label className="form-check-label" htmlFor="saved-view-default">
            {t('list.views.openWith')}
          </label>
        </div>
      )}
    </FormDialog>
  );
}
