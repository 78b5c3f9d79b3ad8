import { LOGIN_IP_NOTICE_DEADLINE, type AccountType } from '@bo/contract';

const DEADLINE_MS = Date.parse(LOGIN_IP_NOTICE_DEADLINE);

/**
 * Spec section 2: the notice about mandatory login-IP whitelisting shows to merchants who have
 * not turned it on, only before 15 April 2025 04:00 UTC. `now` is the caller's clock.
 */
export function isLoginIpNoticeDue(viewer: {
  accountType: AccountType;
  loginIpEnabled: 0 | 1 | undefined;
  now: number;
}): boolean {
  return (
    viewer.accountType === 'merchant' && viewer.loginIpEnabled === 0 && viewer.now < DEADLINE_MS
  );
}
