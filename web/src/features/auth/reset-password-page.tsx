import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sendResetPassword } from './api/password-reset';
import { AuthHeading } from './auth-heading';
import { NewPasswordForm } from './new-password-form';
import check2CircleIcon from 'bootstrap-icons/icons/check2-circle.svg?raw';

/** The token of the mailed link, carried in the fragment (`#token=…`), kept out of logs. */
const tokenOfLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** /account/reset-password: sets a new password with the mailed link's token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(tokenOfLocation);
  const [isDone, setDone] = useState(false);

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
          icon={check2CircleIcon}
          title={t('auth.resetTitle')}
          text={t('auth.resetDone')}
        />
        <Link to="/login" className="btn btn-primary w-100 py-2">
          {t('auth.signInNow')}
        </Link>
      </div>
    );
  }

  const save = async (password: string) => {
    await sendResetPassword({ token, password });
    // The token is spent: drop it from the address bar and the history entry.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setDone(true);
  };

  return (
    <NewPasswordForm
      title={t('auth.resetTitle')}
      text={t('auth.resetText')}
      save={save}
      testId="reset-password-form"
    />
  );
}
