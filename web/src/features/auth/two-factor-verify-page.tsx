import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { sendVerifyLoginOtp } from './api/verify-login-otp';
import { AuthHeading, InlineError } from './auth-heading';
import { inlineFailureMessage } from './inline-failure';
import { BackToSignIn, MissingChallenge } from './missing-challenge';
import { continueSignIn, readChallenge } from './sign-in-flow';
import shieldLockIcon from 'bootstrap-icons/icons/shield-lock.svg?raw';

/** /account/security/2fa/verify: the code from the authenticator app, or a recovery code. */
export default function TwoFactorVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge] = useState(readChallenge);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useSubmit({
    onRefusal: (refusal) => setError(inlineFailureMessage(refusal)),
  });

  if (!challenge) return <MissingChallenge />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('common.required'));
    setError(null);
    const next = await run(async () =>
      continueSignIn(
        await sendVerifyLoginOtp({ challengeToken: challenge.challenge_token, code: code.trim() }),
      ),
    );
    if (next) navigate(next, { replace: true });
  };

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading icon={shieldLockIcon} title={t('auth.otpTitle')} text={t('auth.otpText')} />
      <InlineError message={error} />
      <FormField
        label={t('auth.otpCode')}
        name="code"
        inputMode="text"
        autoComplete="one-time-code"
        className="mb-4"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
      />
      <BusyButton type="submit" className="btn-primary w-100 py-2" isBusy={isBusy}>
        {t('auth.verify')}
      </BusyButton>
      <BackToSignIn />
    </form>
  );
}
