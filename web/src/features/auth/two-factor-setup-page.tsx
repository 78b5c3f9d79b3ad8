import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import phoneIcon from 'bootstrap-icons/icons/phone.svg?raw';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { sendBeginLoginOtpSetup, sendEnableLoginOtp } from './api/login-otp-setup';
import { AuthHeading, InlineError } from './auth-heading';
import { inlineFailureMessage } from './inline-failure';
import { BackToSignIn } from './missing-challenge';
import { continueSignIn, readChallenge } from './sign-in-flow';

type Setup = { secret: string; qr_code: string };

/**
 * /account/security/2fa/setup. With the `otp_setup` sign-in step (the team requires 2FA, issue
 * 40): the QR code, a code of it, then the recovery codes shown once before going on. Opened
 * without that step, it explains where set-up happens: the Security page, once signed in.
 */
export default function TwoFactorSetupPage() {
  const { t } = useTranslation();
  const [challenge] = useState(readChallenge);
  if (challenge?.next_step !== 'otp_setup')
    return (
      <>
        <AuthHeading
          icon={phoneIcon}
          title={t('auth.otpSetupTitle')}
          text={t('auth.otpSetupText')}
        />
        <BackToSignIn />
      </>
    );
  return <RequiredSetup challengeToken={challenge.challenge_token} />;
}

function RequiredSetup({ challengeToken }: { challengeToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<{ codes: string[]; next: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmit<'start' | 'enable'>({
    onRefusal: (refusal) => setError(inlineFailureMessage(refusal)),
  });

  const start = () =>
    void run(async () => {
      setError(null);
      setSetup(await sendBeginLoginOtpSetup({ challengeToken }));
    }, 'start');

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('common.required'));
    setError(null);
    await run(async () => {
      const answer = await sendEnableLoginOtp({ challengeToken, code: code.trim() });
      setDone({ codes: answer.recovery_codes, next: await continueSignIn(answer.result) });
    }, 'enable');
  };

  if (done)
    return (
      <div data-testid="sign-in-recovery-codes">
        <AuthHeading
          icon={phoneIcon}
          title={t('team.setup.codesTitle')}
          text={t('team.setup.codesText')}
        />
        <ul className="list-unstyled row row-cols-2 g-2 mb-4" dir="ltr">
          {done.codes.map((c) => (
            <li key={c} className="col">
              <code className="fs-6">{c}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-primary w-100 py-2"
          onClick={() => navigate(done.next, { replace: true })}
          data-testid="sign-in-continue"
        >
          {t('team.setup.continue')}
        </button>
      </div>
    );

  return (
    <form onSubmit={(e) => void enable(e)} noValidate data-testid="sign-in-otp-setup">
      <AuthHeading icon={phoneIcon} title={t('team.setup.title')} text={t('team.setup.text')} />
      <InlineError message={error} />
      {!setup ? (
        <BusyButton
          type="button"
          className="btn-primary w-100 py-2"
          isBusy={busy === 'start'}
          onClick={start}
          data-testid="sign-in-otp-start"
        >
          {t('team.setup.start')}
        </BusyButton>
      ) : (
        <>
          <p className="small text-muted">{t('team.setup.scan')}</p>
          <div className="text-center mb-3">
            <img src={setup.qr_code} alt="QR code" width={180} height={180} />
          </div>
          <p>
            <span className="text-muted small d-block">{t('team.setup.secret')}</span>
            <code className="fs-6 text-break" dir="ltr" data-testid="sign-in-otp-secret">
              {setup.secret}
            </code>
          </p>
          <FormField
            label={t('team.setup.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="mb-4"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
          <BusyButton
            type="submit"
            className="btn-primary w-100 py-2"
            isBusy={busy === 'enable'}
            data-testid="sign-in-otp-confirm"
          >
            {t('team.setup.confirm')}
          </BusyButton>
        </>
      )}
      <BackToSignIn />
    </form>
  );
}
