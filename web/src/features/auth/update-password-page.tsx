import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendUpdateNewPassword } from './api/update-new-password';
import { MissingChallenge } from './missing-challenge';
import { NewPasswordForm } from './new-password-form';
import { continueSignIn, readChallenge } from './sign-in-flow';

/** /account/{account_type}/security/update-new-password: the first-time password update. */
export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge] = useState(readChallenge);

  if (!challenge || challenge.next_step !== 'password_change') return <MissingChallenge />;

  const save = async (password: string) => {
    const result = await sendUpdateNewPassword({
      challengeToken: challenge.challenge_token,
      newPassword: password,
    });
    navigate(await continueSignIn(result), { replace: true });
  };

  return (
    <NewPasswordForm
      title={t('auth.newPasswordTitle')}
      text={t('auth.newPasswordText')}
      save={save}
    />
  );
}
