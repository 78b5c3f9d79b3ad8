import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { POPUP_DELAY_MS, type RouteId } from '@bo/contract';
import { useSessionUser } from '../lib/session';
import { closeTwoFactorReminder, showTwoFactorReminder } from '../lib/popups';

/** Navigation state that marks the arrival on /profile from the reminder's Enable button. */
export const FROM_TWO_FACTOR_REMINDER = 'fromTwoFactorReminder';

/**
 * Spec section 4: when otp_enabled is 0 and the page is not /security, the 2FA reminder pops up
 * about 10 ms after each page opens. Enable leads to /profile (its 2FA part); arriving there
 * from the button does not pop the reminder again, or the user could never reach the form.
 * It follows the path, not each history entry: a replace to the same page (as after sign-in)
 * does not pop it a second time. Answers whether this page pops it.
 */
export function useTwoFactorReminder(routeId: RouteId): boolean {
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isOtpOff = user?.otp_enabled === 0;
  const cameFromReminder =
    (location.state as Record<string, unknown> | null)?.[FROM_TWO_FACTOR_REMINDER] === true;

  const isDue = isOtpOff && routeId !== 'security' && !cameFromReminder;

  useEffect(() => {
    if (!isDue) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      void showTwoFactorReminder().then((enable) => {
        if (enable && isCurrent) {
          navigate('/profile#two-factor', { state: { [FROM_TWO_FACTOR_REMINDER]: true } });
        }
      });
    }, POPUP_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
      void closeTwoFactorReminder();
    };
  }, [isDue, location.pathname, navigate]);
  return isDue;
}
