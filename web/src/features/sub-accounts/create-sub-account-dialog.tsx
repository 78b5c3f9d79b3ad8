import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type ModuleName } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { sendCreateSubAccount } from './api/create-sub-account';
import { confirmChange } from './confirm-change';
import { SubAccountFormDialog } from './form-dialog';
import { ModuleCheckboxes } from './module-checkboxes';
import { problemsOf, type FieldProblem, type NewSubAccountDraft } from './sub-account-fields';

const EMPTY: NewSubAccountDraft = {
  name: '',
  email: '',
  username: '',
  modules: [],
  temporaryPassword: '',
};

/** The new sub-account form: its modules are chosen among the parent's own. */
export function CreateSubAccountDialog({
  choices,
  onClose,
}: {
  choices: readonly ModuleName[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [problems, setProblems] = useState<ReturnType<typeof problemsOf>>({});
  const message = (problem: FieldProblem | undefined) =>
    problem ? t(`subAccounts.form.${problem}`) : undefined;
  const text = (key: 'name' | 'email' | 'username' | 'temporaryPassword') => ({
    name: key,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
    error: message(problems[key]),
    'data-testid': `field-${key}`,
  });
  const submit = async () => {
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return false;
    const username = draft.username.trim();
    return confirmChange({
      question: t('subAccounts.confirm.create', {
        username,
        modules: draft.modules.map((m) => t(`subAccounts.modules.${m}`)).join(', '),
      }),
      confirmLabel: t('subAccounts.confirm.createButton'),
      send: () => sendCreateSubAccount({ ...draft, modules: draft.modules.join(',') }),
      doneText: t('subAccounts.done.created', { username }),
    });
  };
  return (
    <SubAccountFormDialog
      title={t('subAccounts.form.createTitle')}
      testId="create-sub-account"
      onClose={onClose}
      submit={submit}
    >
      <FormField label={t('subAccounts.form.name')} autoComplete="off" {...text('name')} />
      <FormField
        label={t('subAccounts.form.email')}
        type="email"
        dir="ltr"
        autoComplete="off"
        {...text('email')}
      />
      <FormField
        label={t('subAccounts.form.username')}
        dir="ltr"
        autoComplete="off"
        {...text('username')}
      />
      <ModuleCheckboxes
        choices={choices}
        value={draft.modules}
        onChange={(modules) => setDraft({ ...draft, modules })}
        error={message(problems.modules)}
      />
      <FormField
        label={t('subAccounts.form.temporaryPassword')}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        hint={t('subAccounts.form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        {...text('temporaryPassword')}
      />
      {problems.temporaryPassword && (
        <div className="form-text mt-n2 mb-2">
          {t('subAccounts.form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        </div>
      )}
    </SubAccountFormDialog>
  );
}
