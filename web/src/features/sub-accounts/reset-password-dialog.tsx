import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type SubAccountRow } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { sendResetSubAccountPassword } from './api/reset-sub-account-password';
import { confirmChange } from './confirm-change';
import { SubAccountFormDialog } from './form-dialog';
import { passwordProblem } from './sub-account-fields';

/** Gives a sub-account a new temporary password (it is signed out and must choose its own). */
export function ResetPasswordDialog({ row, onClose }: { row: SubAccountRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = async () => {
    const found = passwordProblem(password);
    setProblem(found && t(`subAccounts.form.${found}`));
    if (found) return false;
    return confirmChange({
      question: t('subAccounts.confirm.reset', { username: row.username }),
      confirmLabel: t('subAccounts.confirm.resetButton'),
      send: () => sendResetSubAccountPassword({ id: row.id, temporaryPassword: password }),
      doneText: t('subAccounts.done.reset', { username: row.username }),
    });
  };
  const hint = t('subAccounts.form.passwordHint', { min: PASSWORD_MIN_LENGTH });
  return (
    <SubAccountFormDialog
      title={t('subAccounts.form.resetTitle', { username: row.username })}
      testId="sub-account-reset"
      onClose={onClose}
      submit={submit}
    >
      <FormField
        label={t('subAccounts.form.temporaryPassword')}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        name="temporaryPassword"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problem}
        hint={hint}
        data-testid="field-temporaryPassword"
      />
      {problem && <div className="form-text mt-n2">{hint}</div>}
    </SubAccountFormDialog>
  );
}
