import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPasswordPolicy } from '@bo/contract';
import { withFullStop } from '../../lib/api-error';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { AuthHeading, InlineError } from './auth-heading';
import { inlineFailureMessage } from './inline-failure';
import { BackToSignIn } from './missing-challenge';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';

/**
 * The form that sets a new password, typed twice and checked against the password policy
 * before `save` is called: the first-time password update and the reset by mailed link.
 */
export function NewPasswordForm({
  title,
  text,
  save,
  testId,
}: {
  title: string;
  text: string;
  save: (password: string) => Promise<void>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useSubmit({
    onRefusal: (refusal) => setError(inlineFailureMessage(refusal)),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !password
      ? t('common.required')
      : password !== confirmation
        ? t('auth.passwordsDiffer')
        : checkPasswordPolicy(password);
    if (problem) return setError(withFullStop(problem));
    setError(null);
    await run(() => save(password));
  };

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <AuthHeading icon={keyIcon} title={title} text={text} />
      <InlineError message={error} />
      <FormField
        label={t('auth.newPassword')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <FormField
        label={t('auth.confirmPassword')}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        className="mb-4"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <BusyButton type="submit" className="btn-primary w-100 py-2" isBusy={isBusy}>
        {t('auth.updatePassword')}
      </BusyButton>
      <BackToSignIn />
    </form>
  );
}
