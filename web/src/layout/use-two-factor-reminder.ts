import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { POPUP_DELAY_MS, type RouteId } from '@bo/contract';
import { useSessionUser } from '../lib/session';
import { closeTwoFactorReminder, showTwoFactorReminder } from '../lib/popups';
import { settleTwoFactorReminder } from '../lib/two-factor-reminder-state';

/** Navigation state that marks the arrival on /profile from the reminder's Enable button. */
export const FROM_TWO_FACTOR_REMINDER = 'fromTwoFactorReminder';

/**
 * Spec section 4: when otp_enabled is 0 and the page is not /security, the 2FA reminder pops up
 * about 10 ms after each page opens. Enable leads to /profile (its 2FA part); arriving there
 * from the button does not pop the reminder again, or the user could never reach the form.
 * It follows the path, not each history entry: a replace to the same page (as after sign-in)
 * does not pop it a second time. Answers whether this page pops it, and tells
 * `settleTwoFactorReminder` once it is out of the way (not due, or closed without Enable), for
 * a page's own dialog that waits behind it.
 */
export function useTwoFactorReminder(routeId: RouteId): boolean {
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isOtpOff = user?.otp_enabled === 0;
  const cameFromReminder =
    (location.state as Record<string, unknown> | null)?.[FROM_TWO_FACTOR_REMINDER] === true;

  const isDue = isOtpOff && routeId !== 'security' && !cameFromReminder;

  const { pathname } = location;
  useEffect(() => {
    if (!isDue) {
      settleTwoFactorReminder(pathname);
      return () => settleTwoFactorReminder(null);
    }
    let isCurrent = true;
    const timer = setTimeout(() => {
      void showTwoFactorReminder().then((enable) => {
        if (!isCurrent) return;
        if (enable)
          navigate('/profile#two-factor', { state: { [FROM_TWO_FACTOR_REMINDER]: true } });
        else settleTwoFactorReminder(pathname);
      });
    }, POPUP_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
      settleTwoFactorReminder(null);
      void closeTwoFactorReminder();
    };
  }, [isDue, pathname, navigate]);
  return isDue;
}
