import { LOGIN_IP_NOTICE_DEADLINE, type AccountType } from '@bo/contract';

const DEADLINE_MS = Date.parse(LOGIN_IP_NOTICE_DEADLINE);

/**
 * Whether the login-IP notice is due: 'due' or 'none', or 'pending' while a merchant's
 * whitelisting state is still loading (the notice waits for it rather than guess).
 */
export type LoginIpNoticeDue = 'due' | 'none' | 'pending';

/**
 * Spec section 2: the notice about mandatory login-IP whitelisting shows to merchants who have
 * not turned it on, only before 15 April 2025 04:00 UTC. `now` is the caller's clock.
 */
export function loginIpNoticeDue(viewer: {
  accountType: AccountType;
  loginIpEnabled: 0 | 1 | undefined;
  now: number;
}): LoginIpNoticeDue {
  if (viewer.accountType !== 'merchant' || viewer.now >= DEADLINE_MS) return 'none';
  if (viewer.loginIpEnabled === undefined) return 'pending';
  return viewer.loginIpEnabled === 0 ? 'due' : 'none';
}
