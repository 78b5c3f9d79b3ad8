import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, withFullStop } from '../../lib/api-error';
import { FormField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { AuthHeading, InlineError } from './auth-heading';
import personLockIcon from 'bootstrap-icons/icons/person-lock.svg?raw';

type FieldErrors = { email?: string; password?: string };

/**
 * The login call and what follows it (the contract's zod schemas, the call client, the session
 * store) load when the visitor starts typing, or at the latest on submit: the page's first load
 * carries only the form.
 */
const loadSignIn = () =>
  Promise.all([import('./api/login'), import('./sign-in-flow')]).then(([call, flow]) => ({
    sendLogin: call.sendLogin,
    ...flow,
  }));
const warmUp = () => void loadSignIn().catch(() => undefined);

/** /login (and /account/login): email and password, errors shown in place. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!email.trim()) missing.email = t('common.required');
    if (!password) missing.password = t('common.required');
    setFieldErrors(missing);
    setError(null);
    if (missing.email || missing.password) return;
    setBusy(true);
    let flow: Awaited<ReturnType<typeof loadSignIn>> | null = null;
    try {
      flow = await loadSignIn();
      const result = await flow.sendLogin({ email, password });
      navigate(await flow.continueSignIn(result), { replace: true });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      if (failure instanceof ApiError && flow?.isAddressRefusal(failure)) {
        navigate('/account/security/whitelisted-login-ip/setup', { state: { message } });
        return;
      }
      setError(
        failure instanceof ApiError && failure.status !== null ? withFullStop(message) : message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} onInput={warmUp} noValidate data-testid="login-form">
      <AuthHeading
        icon={personLockIcon}
        title={t('auth.welcome')}
        text={t('auth.signInSubtitle')}
      />
      <InlineError message={error} />
      <FormField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="username"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
        autoFocus
      />
      <FormField
        label={t('auth.password')}
        type={isPasswordShown ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
      />
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">
        <div className="form-check">
          <input
            id="show-password"
            type="checkbox"
            className="form-check-input"
            checked={isPasswordShown}
            onChange={(e) => setPasswordShown(e.target.checked)}
          />
          <label htmlFor="show-password" className="form-check-label">
            {t('auth.showPassword')}
          </label>
        </div>
        <Link to="/account/forgot-password" data-testid="forgot-password-link">
          {t('auth.forgotLink')}
        </Link>
      </div>
      <button type="submit" className="btn btn-primary w-100 py-2" disabled={isBusy}>
        {isBusy ? (
          <>
            <Spinner size="sm" onDark /> <span className="ms-1">{t('auth.signingIn')}</span>
          </>
        ) : (
          t('auth.signIn')
        )}
      </button>
    </form>
  );
}
