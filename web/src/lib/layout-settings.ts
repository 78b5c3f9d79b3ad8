import { useSyncExternalStore } from 'react';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '@bo/contract';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Layout settings of spec section 1, applied as `data-*` attributes on <html> (the stylesheet
 * keys off them). The server keeps them per user (across devices); a per-user copy in
 * localStorage lets a reload paint the right layout before the server answers.
 */
let current: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS };
const listeners = new Set<() => void>();

export const LAYOUT_ATTRIBUTES: Record<keyof LayoutSettings, string> = {
  layout: 'data-layout',
  width: 'data-layout-width',
  sidebar: 'data-sidebar',
  topbar: 'data-topbar',
};

function apply(next: LayoutSettings) {
  current = next;
  const root = document.documentElement;
  for (const [key, attribute] of Object.entries(LAYOUT_ATTRIBUTES)) {
    root.setAttribute(attribute, next[key as keyof LayoutSettings]);
  }
  listeners.forEach((notify) => notify());
}

const cacheKey = (username: string) => `${STORAGE_KEYS.layoutPrefix}${username}`;

/** The contract's check (zod), loaded when there is a user's copy to check (stored-checks.ts). */
const parse = (value: unknown): Promise<LayoutSettings | null> =>
  import('./stored-checks').then((checks) => checks.parseLayoutSettings(value));

function readCache(username: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(cacheKey(username)) ?? 'null');
  } catch {
    return null;
  }
}

/** At start-up: the user's cached settings, or the defaults. */
export async function applyCachedLayoutSettings(username: string | null): Promise<void> {
  const cached = username ? readCache(username) : null;
  apply((cached !== null && (await parse(cached))) || { ...DEFAULT_LAYOUT_SETTINGS });
}

/** The server's copy wins over the cache (another device may have changed it). */
export async function adoptServerLayoutSettings(
  username: string,
  saved: Record<string, string>,
): Promise<void> {
  const settings = await parse({ ...DEFAULT_LAYOUT_SETTINGS, ...saved });
  if (!settings) return;
  localStorage.setItem(cacheKey(username), JSON.stringify(settings));
  apply(settings);
}

/** Applies a change at once, then saves it to the user's account. */
export async function changeLayoutSettings(
  username: string,
  patch: Partial<LayoutSettings>,
): Promise<void> {
  const next = { ...current, ...patch };
  localStorage.setItem(cacheKey(username), JSON.stringify(next));
  apply(next);
  const { sendSaveLayoutSettings } = await import('./api/save-layout-settings');
  await sendSaveLayoutSettings(next);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, () => current);
}
