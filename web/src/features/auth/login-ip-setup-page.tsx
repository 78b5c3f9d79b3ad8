import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { withFullStop } from '../../lib/api-error';
import { AuthHeading, InlineError } from './auth-heading';
import { BackToSignIn } from './missing-challenge';
import hddNetworkIcon from 'bootstrap-icons/icons/hdd-network.svg?raw';

/**
 * /account/security/whitelisted-login-ip/setup: where a sign-in refused for its address lands,
 * with the server's message and what to do about it.
 */
export default function LoginIpSetupPage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const message = (state as { message?: string } | null)?.message;
  return (
    <>
      <AuthHeading
        icon={hddNetworkIcon}
        title={t('auth.loginIpTitle')}
        text={t('auth.loginIpText')}
      />
      <InlineError message={message ? withFullStop(message) : null} />
      <BackToSignIn />
    </>
  );
}
