import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { SettingsCard } from '../../ui/settings-card';
import type { GeneralSettings } from './api/get-platform-settings';
import { LooseningGuard } from './loosening-guard';
import type { SettingField } from './setting-fields';
import { useSettingWords, type SettingWords } from './setting-words';
import { useSettingsForm } from './use-settings-form';

/**
 * A card of platform settings: one field per setting with its default beside it; Save sends
 * the changed ones after a confirmation listing each change, and shows a refusal under its
 * field. The app's own settings (live-update interval, links) are read again after a save.
 * With `guardsLoosening` (the sign-in limits) a loosened limit needs a reason and waits for a
 * second admin: the confirmation and the card say so, and the card lists what waits.
 */
export function SettingsFormCard({
  testId,
  icon,
  title,
  text,
  fields,
  general,
  guardsLoosening = false,
}: {
  testId: string;
  icon: string;
  title: string;
  text: string;
  fields: readonly SettingField[];
  general: GeneralSettings;
  guardsLoosening?: boolean;
}) {
  const { t } = useTranslation();
  const words = useSettingWords(general.defaults);
  const form = useSettingsForm(fields, general, guardsLoosening, words);
  const isLocked = form.isBusy || form.changed.length === 0;

  return (
    <SettingsCard className="mb-3" testId={testId} icon={icon} title={title} text={text}>
      <form onSubmit={(e) => void form.save(e)} noValidate>
        <SettingInputs fields={fields} form={form} words={words} />
        {guardsLoosening && (
          <LooseningGuard
            pending={general.pending_changes}
            reason={form.reason}
            reasonError={form.reasonError}
            onReason={form.changeReason}
          />
        )}
        {form.formError && (
          <div className="alert alert-danger" role="alert">
            {form.formError}
          </div>
        )}
        <div className="d-flex flex-wrap gap-2">
          <BusyButton
            type="submit"
            className="btn-primary"
            isBusy={form.isBusy}
            disabled={isLocked}
            data-testid={`${testId}-save`}
          >
            <i className="bi bi-check2 me-1" aria-hidden />
            {t('platformSettings.save')}
          </BusyButton>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={isLocked}
            onClick={form.undo}
          >
            {t('platformSettings.undo')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

/** One field per setting, a link across the row, whole numbers side by side. */
function SettingInputs({
  fields,
  form,
  words,
}: {
  fields: readonly SettingField[];
  form: ReturnType<typeof useSettingsForm>;
  words: SettingWords;
}) {
  return (
    <div className="row">
      {fields.map((f) => (
        <div className={f.kind === 'link' ? 'col-12' : 'col-sm'} key={f.field}>
          <FormField
            label={words.label(f)}
            hint={words.hint(f)}
            type={f.kind === 'link' ? 'url' : 'text'}
            inputMode={f.kind === 'whole' ? 'numeric' : undefined}
            dir="ltr"
            value={form.drafts[f.field] ?? ''}
            error={form.errors[f.field]}
            onChange={(e) => form.changeField(f.field, e.target.value)}
            data-testid={`setting-${f.field}`}
          />
        </div>
      ))}
    </div>
  );
}
