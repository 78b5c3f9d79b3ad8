import { useTranslation } from 'react-i18next';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './missing-challenge';
import phoneIcon from 'bootstrap-icons/icons/phone.svg?raw';

/**
 * /account/security/2fa/setup. The server does not (yet) ask for 2FA set-up during sign-in, so
 * this page explains where set-up happens: the Security page, once signed in.
 */
export default function TwoFactorSetupPage() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading icon={phoneIcon} title={t('auth.otpSetupTitle')} text={t('auth.otpSetupText')} />
      <BackToSignIn />
    </>
  );
}
