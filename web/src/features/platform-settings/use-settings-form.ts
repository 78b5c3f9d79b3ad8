import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isGuardedSignInLimit,
  isLooseningSignInLimit,
  type PlatformSettingField,
} from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { useSubmit } from '../../ui/use-submit';
import { applyPlatformSettings, type GeneralSettings } from './api/get-platform-settings';
import { sendSetPlatformSettings } from './api/set-platform-settings';
import {
  fieldOfMessage,
  problemOf,
  sentValue,
  shownValue,
  type SettingField,
} from './setting-fields';
import type { SettingWords } from './setting-words';

type Drafts = Partial<Record<PlatformSettingField, string>>;
export type SettingErrors = Partial<Record<PlatformSettingField, string>>;

const draftsOf = (fields: readonly SettingField[], general: GeneralSettings): Drafts =>
  Object.fromEntries(fields.map((f) => [f.field, shownValue(f, general.settings)]));

/** A settings card's typed values against the saved ones, and what is wrong with them. */
function useSettingDrafts(fields: readonly SettingField[], general: GeneralSettings) {
  const [drafts, setDrafts] = useState(() => draftsOf(fields, general));
  const [errors, setErrors] = useState<SettingErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const current = (f: SettingField) => shownValue(f, general.settings);
  const typed = (f: SettingField) => (drafts[f.field] ?? '').trim();
  return {
    drafts,
    errors,
    formError,
    setErrors,
    setFormError,
    current,
    typed,
    changed: fields.filter((f) => typed(f) !== current(f)),
    restart: (saved: GeneralSettings) => setDrafts(draftsOf(fields, saved)),
    changeField: (field: PlatformSettingField, text: string) => {
      setDrafts((d) => ({ ...d, [field]: text }));
      setErrors((all) => ({ ...all, [field]: undefined }));
    },
    undo: () => {
      setDrafts(draftsOf(fields, general));
      setErrors({});
      setFormError(null);
    },
  };
}

/**
 * A settings card's form: checks the changed settings, asks for the reason a loosened sign-in
 * limit needs, confirms the list of changes, sends them and spreads a refusal over the fields.
 */
export function useSettingsForm(
  fields: readonly SettingField[],
  general: GeneralSettings,
  guardsLoosening: boolean,
  words: SettingWords,
) {
  const { t } = useTranslation();
  const form = useSettingDrafts(fields, general);
  const { changed, current, typed, setErrors, setFormError } = form;
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
  const loosens = changed.some(
    (f) =>
      guardsLoosening &&
      isGuardedSignInLimit(f.field) &&
      isLooseningSignInLimit(f.field, Number(current(f)), Number(form.drafts[f.field])),
  );

  /** Whether the changes may go: each checked, the reason given, the list confirmed. */
  const mayGo = async () => {
    const found: SettingErrors = {};
    for (const f of changed) {
      const problem = problemOf(f, form.drafts[f.field] ?? '');
      if (problem) found[f.field] = words.say(problem);
    }
    setErrors(found);
    if (changed.length === 0 || Object.keys(found).length > 0) return false;
    if (loosens && !reason.trim()) {
      setReasonError(t('platformSettings.approvals.reasonRequired'));
      return false;
    }
    const changes = changed
      .map((f) =>
        t('platformSettings.change', { setting: words.label(f), from: current(f), to: typed(f) }),
      )
      .join('; ');
    return confirmAction(
      t(loosens ? 'platformSettings.signInGuard.confirm' : 'platformSettings.confirm', { changes }),
      t('platformSettings.save'),
    );
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!(await mayGo())) return;
    await run(async () => {
      const request = Object.fromEntries(
        changed.map((f) => [f.field, sentValue(f, form.drafts[f.field] ?? '')]),
      );
      if (reason.trim()) request.reason = reason.trim();
      const saved = await sendSetPlatformSettings(request);
      form.restart(saved);
      setReason('');
      await applyPlatformSettings(saved);
      announceSuccess(t(loosens ? 'platformSettings.approvals.waiting' : 'platformSettings.saved'));
    });
  };

  const changeReason = (text: string) => {
    setReason(text);
    setReasonError(null);
  };

  return { ...form, isBusy, reason, reasonError, changeReason, save };
}
