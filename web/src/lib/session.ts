import { useCallback, useSyncExternalStore } from 'react';
import {
  decideAccess,
  DEFAULT_LOAN_STATUS,
  ruleOfRoute,
  type userFullData,
  type MenuViewer,
  type RouteId,
  type StoredUser,
} from '@bo/contract';
import type { z } from 'zod';
import { readEncrypted, writeEncrypted } from './secure-storage';
import { STORAGE_KEYS } from './storage-keys';

type FullData = z.infer<typeof userFullData>;

/**
 * The stored user of spec section 3: what `login` returns, plus what the full-data fetch adds
 * (profileInfo, merchant_info, login_ip_enabled) once it has answered.
 */
export type SessionUser = StoredUser &
  Partial<Pick<FullData, 'profileInfo' | 'merchant_info' | 'login_ip_enabled'>>;

let current: SessionUser | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionUser | null) {
  current = next;
  listeners.forEach((notify) => notify());
}

/** The signed-in user, or null. Outside React (the API client) reads it from here. */
export function getSessionUser(): SessionUser | null {
  return current;
}

/**
 * Reads the encrypted stored user at start-up; a stored value that does not parse is dropped.
 * The check (zod) loads only when something is stored.
 */
export async function restoreSession(): Promise<void> {
  const raw = await readEncrypted(STORAGE_KEYS.user);
  if (raw === null || raw === undefined) return publish(null);
  const { parseStoredUser } = await import('./stored-checks');
  publish(parseStoredUser(raw) as SessionUser | null);
}

/** Stores a freshly signed-in user (login or a sign-in step returned a session). */
export async function startSession(user: StoredUser): Promise<void> {
  const next: SessionUser = { ...user, loanStatus: user.loanStatus ?? DEFAULT_LOAN_STATUS };
  // Stored first, published after: publishing lets the guard leave /login at once, and a page
  // opened from there must find the session in storage (it raced in about 1 of 4 sign-ins).
  await writeEncrypted(STORAGE_KEYS.user, next);
  publish(next);
}

/** Merges what the full-data fetch (or a profile change) says into the stored user. */
export async function updateSessionUser(patch: Partial<SessionUser>): Promise<void> {
  if (!current) return;
  const next = { ...current, ...patch };
  await writeEncrypted(STORAGE_KEYS.user, next);
  publish(next);
}

/** Forgets the signed-in user (logout). */
export function endSession(): void {
  localStorage.removeItem(STORAGE_KEYS.user);
  sessionStorage.removeItem(STORAGE_KEYS.user);
  publish(null);
}

/** Spec section 8 (440) and /reset: forget everything this app kept in the browser. */
export function clearBrowserStorage(options: { includeSessionStorage: boolean }): void {
  localStorage.clear();
  if (options.includeSessionStorage) sessionStorage.clear();
  sessionStorage.removeItem(STORAGE_KEYS.user);
  publish(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user, re-rendering when it changes. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSessionUser, getSessionUser);
}

/** The account's own code: reseller_info for resellers, the profile's for everyone else. */
export function accountDbCodeOf(user: SessionUser): string {
  return user.profileInfo?.account_db_code ?? user.reseller_info.account_db_code;
}

/** What access checks and the menu need to know of the user. */
export function viewerOf(user: SessionUser | null): MenuViewer | null {
  if (!user) return null;
  return {
    accountType: user.account_type,
    modules: user.modules.map((m) => m.name),
    accountDbCode: accountDbCodeOf(user),
  };
}

/** Whether the signed-in user may open a route (its rule against the user's type and modules). */
export function useCanOpen(): (route: RouteId) => boolean {
  const user = useSessionUser();
  return useCallback(
    (route: RouteId) => decideAccess(ruleOfRoute(route), viewerOf(user)) === 'allowed',
    [user],
  );
}
