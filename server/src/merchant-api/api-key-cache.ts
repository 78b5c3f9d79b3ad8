import type { Db } from '../db/db';
import { findApiKey, type ApiKeyRow } from './merchant-api.queries';

/** How long a key found live is trusted without asking the database again. */
export const API_KEY_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  readonly row: ApiKeyRow;
  readonly until: number;
}

/** One cache per database handle, so two databases never share a key id. */
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * A live API key with its merchant, as `findApiKey` answers, remembered for
 * `API_KEY_CACHE_MS`. Only live keys are remembered: an unknown, revoked or disabled one is
 * asked again on every request. `fresh` skips the cache (after a signature mismatch).
 */
export async function cachedApiKey(
  db: Db,
  keyId: string,
  now = Date.now(),
  fresh = false,
): Promise<ApiKeyRow | null> {
  const cache = cacheOf(db);
  const hit = cache.get(keyId);
  if (hit && !fresh && hit.until > now) return hit.row;
  const row = await findApiKey(db, keyId);
  if (!row) cache.delete(keyId);
  else {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(keyId, { row, until: now + API_KEY_CACHE_MS });
  }
  return row;
}

/**
 * Forgets remembered keys at once in this process: one key id, or all of them. Whatever
 * revokes or rotates a key, or disables a merchant, calls it.
 */
export function forgetApiKeys(db: Db, keyId?: string): void {
  if (keyId === undefined) caches.delete(db);
  else caches.get(db)?.delete(keyId);
}
