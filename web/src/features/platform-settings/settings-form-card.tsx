import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isGuardedSignInLimit,
  isLooseningSignInLimit,
  PLATFORM_SETTING_BOUNDS,
  type PlatformSettingField,
} from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { SettingsCard } from '../../ui/settings-card';
import { applyPlatformSettings, type GeneralSettings } from './api/get-platform-settings';
import { sendSetPlatformSettings } from './api/set-platform-settings';
import {
  fieldOfMessage,
  problemOf,
  sentValue,
  shownValue,
  type FieldProblem,
  type SettingField,
} from './setting-fields';
import { useSubmit } from '../../ui/use-submit';
import { LooseningGuard } from './loosening-guard';

/** The settings typed as whole numbers, which have a unit. */
const UNIT_FIELDS = PLATFORM_SETTING_BOUNDS;

type Drafts = Partial<Record<PlatformSettingField, string>>;
type Errors = Partial<Record<PlatformSettingField, string>>;

const draftsOf = (fields: readonly SettingField[], general: GeneralSettings): Drafts =>
  Object.fromEntries(fields.map((f) => [f.field, shownValue(f, general.settings)]));

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
  const [drafts, setDrafts] = useState(() => draftsOf(fields, general));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { isBusy, run } = useSubmit({
    onRefusal: (failure) => {
      if (failure.field?.field === 'reason') return setReasonError(failure.message);
      const field = fieldOfMessage(failure.message);
      if (field) setErrors({ [field]: failure.message });
      else setFormError(failure.message);
    },
  });

  const current = (f: SettingField) => shownValue(f, general.settings);
  const changed = fields.filter((f) => (drafts[f.field] ?? '').trim() !== current(f));
  const loosens = changed.some(
    (f) =>
      guardsLoosening &&
      isGuardedSignInLimit(f.field) &&
      isLooseningSignInLimit(f.field, Number(current(f)), Number(drafts[f.field])),
  );
  const label = (f: SettingField) => t(`platformSettings.fields.${f.field}`);
  const hint = (f: SettingField) => {
    const value = shownValue(f, general.defaults);
    return f.kind === 'whole'
      ? t('platformSettings.defaultWithUnit', { value, unit: unitOf(f.field) })
      : t('platformSettings.defaultIs', { value });
  };
  const unitOf = (field: PlatformSettingField) =>
    field in UNIT_FIELDS ? t(`platformSettings.units.${field as keyof typeof UNIT_FIELDS}`) : '';
  const say = (problem: FieldProblem) => t(`platformSettings.errors.${problem.kind}`, problem);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Errors = {};
    for (const f of changed) {
      const problem = problemOf(f, drafts[f.field] ?? '');
      if (problem) found[f.field] = say(problem);
    }
    setErrors(found);
    if (changed.length === 0 || Object.keys(found).length > 0) return;
    if (loosens && !reason.trim()) {
      setReasonError(t('platformSettings.approvals.reasonRequired'));
      return;
    }
    const changes = changed
      .map((f) =>
        t('platformSettings.change', {
          setting: label(f),
          from: current(f),
          to: (drafts[f.field] ?? '').trim(),
        }),
      )
      .join('; ');
    if (
      !(await confirmAction(
        t(loosens ? 'platformSettings.signInGuard.confirm' : 'platformSettings.confirm', {
          changes,
        }),
        t('platformSettings.save'),
      ))
    )
      return;
    await run(async () => {
      const request = Object.fromEntries(
        changed.map((f) => [f.field, sentValue(f, drafts[f.field] ?? '')]),
      );
      if (reason.trim()) request.reason = reason.trim();
      const saved = await sendSetPlatformSettings(request);
      setDrafts(draftsOf(fields, saved));
      setReason('');
      await applyPlatformSettings(saved);
      announceSuccess(t(loosens ? 'platformSettings.approvals.waiting' : 'platformSettings.saved'));
    });
  };

  return (
    <SettingsCard className="mb-3" testId={testId} icon={icon} title={title} text={text}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="row">
          {fields.map((f) => (
            <div className={f.kind === 'link' ? 'col-12' : 'col-sm'} key={f.field}>
              <FormField
                label={label(f)}
                hint={hint(f)}
                type={f.kind === 'link' ? 'url' : 'text'}
                inputMode={f.kind === 'whole' ? 'numeric' : undefined}
                dir="ltr"
                value={drafts[f.field] ?? ''}
                error={errors[f.field]}
                onChange={(e) => {
                  setDrafts((d) => ({ ...d, [f.field]: e.target.value }));
                  setErrors((all) => ({ ...all, [f.field]: undefined }));
                }}
                data-testid={`setting-${f.field}`}
              />
            </div>
          ))}
        </div>
        {guardsLoosening && (
          <LooseningGuard
            pending={general.pending_changes}
            reason={reason}
            reasonError={reasonError}
            onReason={(text) => {
              setReason(text);
              setReasonError(null);
            }}
          />
        )}
        {formError && (
          <div className="alert alert-danger" role="alert">
            {formError}
          </div>
        )}
        <div className="d-flex flex-wrap gap-2">
          <BusyButton
            type="submit"
            className="btn-primary"
            isBusy={isBusy}
            disabled={isBusy || changed.length === 0}
            data-testid={`${testId}-save`}
          >
            <i className="bi bi-check2 me-1" aria-hidden />
            {t('platformSettings.save')}
          </BusyButton>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={isBusy || changed.length === 0}
            onClick={() => {
              setDrafts(draftsOf(fields, general));
              setErrors({});
              setFormError(null);
            }}
          >
            {t('platformSettings.undo')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
