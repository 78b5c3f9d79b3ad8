import { useSyncExternalStore } from 'react';

/** Bootstrap's `md` breakpoint: narrower than this is a phone (list.css folds the same way). */
const PHONE_QUERY = '(max-width: 767.98px)';

const subscribe = (listener: () => void) => {
  const query = matchMedia(PHONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** Whether the window is phone-narrow now; follows a turned phone or a resized window. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(PHONE_QUERY).matches);
}
