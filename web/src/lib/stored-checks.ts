import { layoutSettings, storedUser, type LayoutSettings, type StoredUser } from '@bo/contract';

/**
 * The contract's checks of what this browser kept: the signed-in user and the cached layout
 * settings. They are zod schemas, so session.ts and layout-settings.ts load this module only
 * when there is something stored to check: a first visit to /login loads no zod.
 */
export function parseStoredUser(raw: unknown): StoredUser | null {
  const parsed = storedUser.loose().safeParse(raw);
  return parsed.success ? (parsed.data as StoredUser) : null;
}

export function parseLayoutSettings(value: unknown): LayoutSettings | null {
  const parsed = layoutSettings.safeParse(value);
  return parsed.success ? parsed.data : null;
}
