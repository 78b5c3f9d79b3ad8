import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkPasswordPolicy } from '@bo/contract';
import { withFullStop } from '../../lib/api-error';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { sendResetPassword } from './api/password-reset';
import { AuthHeading, InlineError } from './auth-heading';
import { inlineFailureMessage } from './inline-failure';
import { BackToSignIn } from './missing-challenge';

/** The token of the mailed link, carried in the fragment (`#token=…`), kept out of logs. */
const tokenOfLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** /account/reset-password: sets a new password with the mailed link's token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(tokenOfLocation);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const [isBusy, setBusy] = useState(false);

  if (!token) {
    return (
      <div className="text-center" data-testid="missing-token">
        <div className="alert alert-warning text-start">{t('auth.missingToken')}</div>
        <Link to="/account/forgot-password" className="btn btn-primary">
          {t('auth.askAgain')}
        </Link>
      </div>
    );
  }
  if (isDone) {
    return (
      <div className="text-center" data-testid="password-reset-done">
        <AuthHeading
          icon="bi-check2-circle"
          title={t('auth.resetTitle')}
          text={t('auth.resetDone')}
        />
        <Link to="/login" className="btn btn-primary w-100 py-2">
          {t('auth.signInNow')}
        </Link>
      </div>
    );
  }

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
      await sendResetPassword({ token, password });
      // The token is spent: drop it from the address bar and the history entry.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setDone(true);
    } catch (failure) {
      setError(inlineFailureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="reset-password-form">
      <AuthHeading icon="bi-key" title={t('auth.resetTitle')} text={t('auth.resetText')} />
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
