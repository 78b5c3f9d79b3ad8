import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { sendRequestPasswordReset } from './api/password-reset';
import { AuthHeading, InlineError } from './auth-heading';
import { inlineFailureMessage } from './inline-failure';
import { BackToSignIn } from './missing-challenge';
import envelopeCheckIcon from 'bootstrap-icons/icons/envelope-check.svg?raw';
import envelopeIcon from 'bootstrap-icons/icons/envelope.svg?raw';

/** /account/forgot-password: asks for a reset link by email; the same answer for any email. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const { isBusy, run } = useSubmit({
    onRefusal: (refusal) => setError(inlineFailureMessage(refusal)),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setFieldError(t('common.required'));
    setFieldError(undefined);
    const sent = await run(async () => {
      await sendRequestPasswordReset({ email });
      return true;
    });
    if (sent) setSent(true);
  };

  if (isSent) {
    return (
      <div data-testid="reset-link-sent">
        <AuthHeading
          icon={envelopeCheckIcon}
          title={t('auth.sentTitle')}
          text={t('auth.sentText')}
        />
        <BackToSignIn />
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="forgot-password-form">
      <AuthHeading icon={envelopeIcon} title={t('auth.forgotTitle')} text={t('auth.forgotText')} />
      <InlineError message={error} />
      <FormField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="username"
        className="mb-4"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
        autoFocus
      />
      <BusyButton type="submit" className="btn-primary w-100 py-2" isBusy={isBusy}>
        {t('auth.sendLink')}
      </BusyButton>
      <BackToSignIn />
    </form>
  );
}
