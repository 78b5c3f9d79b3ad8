import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { checkPasswordPolicy } from '@bo/contract';
import { withFullStop } from '../../lib/api-error';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { sendUpdateNewPassword } from './api/update-new-password';
import { AuthHeading, InlineError } from './auth-heading';
import { inlineFailureMessage } from './inline-failure';
import { BackToSignIn, MissingChallenge } from './missing-challenge';
import { continueSignIn, readChallenge } from './sign-in-flow';

/** /account/{account_type}/security/update-new-password: the first-time password update. */
export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge] = useState(readChallenge);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  if (!challenge || challenge.next_step !== 'password_change') return <MissingChallenge />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !password
      ? t('common.required')
      : password !== confirmation
        ? t('auth.passwordsDiffer')
        : checkPasswordPolicy(password);
    if (problem) return setError(withFullStop(problem));
    setBusy(true);
    setError(null);
    try {
      const result = await sendUpdateNewPassword({
        challengeToken: challenge.challenge_token,
        newPassword: password,
      });
      navigate(await continueSignIn(result), { replace: true });
    } catch (failure) {
      setError(inlineFailureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading
        icon="bi-key"
        title={t('auth.newPasswordTitle')}
        text={t('auth.newPasswordText')}
      />
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
