import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether the 2FA reminder (spec section 4) is out of the way on the page on show: not due
 * there, or closed. The layout's reminder hook (`layout/use-two-factor-reminder.ts`) says so,
 * naming the page's path; a dialog of a page that must not cover the reminder (the merchant's
 * login-IP notice: a modal `<dialog>` would sit over the popup and make it inert) waits for it.
 * Keyed by path so that what an earlier page said is never taken for this one's.
 */
let settledPath: string | null = null;
const listeners = new Set<() => void>();

/** The reminder is closed or not due on `path`; `null`: it may still come (or no page yet). */
export function settleTwoFactorReminder(path: string | null): void {
  if (settledPath === path) return;
  settledPath = path;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the page on show has no 2FA reminder up or to come. */
export function useIsTwoFactorReminderSettled(): boolean {
  const { pathname } = useLocation();
  return useSyncExternalStore(subscribe, () => settledPath) === pathname;
}
