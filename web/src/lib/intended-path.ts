import { STORAGE_KEYS } from './storage-keys';

/** Remembers where a signed-out visitor wanted to go (spec: the guard remembers the path). */
export function rememberIntendedPath(path: string): void {
  // '/' is where sign-in goes anyway; not storing it keeps /reset's storage empty.
  if (path === '/') sessionStorage.removeItem(STORAGE_KEYS.intendedPath);
  else sessionStorage.setItem(STORAGE_KEYS.intendedPath, path);
}

/** The remembered path, once; '/' when none. Only same-site paths are honoured. */
export function takeIntendedPath(): string {
  const path = sessionStorage.getItem(STORAGE_KEYS.intendedPath);
  sessionStorage.removeItem(STORAGE_KEYS.intendedPath);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
