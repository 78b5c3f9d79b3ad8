import type { Db } from '../../db/db';
import { findLiveApiKey, touchApiKey, type ApiKeyRow } from './api-keys.queries';

/** How long a key found live is trusted without asking the database again. */
export const API_KEY_CACHE_MS = 5_000;
/** A key's last use is written at most this often. */
export const API_KEY_USE_WRITE_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  readonly row: ApiKeyRow;
  readonly until: number;
}

/** One cache per database handle, so two databases never share a key id. */
const caches = new WeakMap<Db, Map<string, Entry>>();
/**
 * Reads of the key table under way, per database handle and key id: the requests that find a
 * key's entry lapsed all at once (every `API_KEY_CACHE_MS` under load) share one read.
 */
const lookups = new WeakMap<Db, Map<string, Promise<ApiKeyRow | null>>>();
/** When each key's use was last written, per database handle. */
const usesWritten = new WeakMap<Db, Map<string, number>>();

function mapOf<V>(maps: WeakMap<Db, Map<string, V>>, db: Db): Map<string, V> {
  let map = maps.get(db);
  if (!map) maps.set(db, (map = new Map()));
  return map;
}

/**
 * A live API key with its merchant, remembered for `API_KEY_CACHE_MS` (never past the end of
 * a rolled key's window). Only live keys are remembered: an unknown, revoked, expired or
 * disabled one is asked again on every request. `fresh` skips the cache (after a signature
 * mismatch).
 */
export async function cachedApiKey(
  db: Db,
  keyId: string,
  now = Date.now(),
  fresh = false,
): Promise<ApiKeyRow | null> {
  const hit = mapOf(caches, db).get(keyId);
  const live = (row: ApiKeyRow) => !row.expires_at || row.expires_at.getTime() > now;
  if (hit && !fresh && hit.until > now && live(hit.row)) return hit.row;
  const pending = mapOf(lookups, db);
  const shared = fresh ? undefined : pending.get(keyId);
  if (shared) return shared;
  const lookup = findLiveApiKey(db, keyId, new Date(now)).finally(() => {
    if (pending.get(keyId) === lookup) pending.delete(keyId);
  });
  pending.set(keyId, lookup);
  const row = await lookup;
  // A key forgotten while it was read (revoked, rolled, merchant disabled) is not remembered.
  if (pending !== lookups.get(db)) return row;
  const cache = mapOf(caches, db);
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
  // Reads under way may predate the change: later requests read anew, and those reads'
  // answers are not remembered.
  lookups.delete(db);
}

/**
 * Notes that a key signed a request: its `last_used_at` is written at most once a minute per
 * key by this process (and the database skips a write within a minute of the last one).
 */
export async function noteApiKeyUse(db: Db, keyId: string, now = Date.now()): Promise<void> {
  const written = mapOf(usesWritten, db);
  const last = written.get(keyId);
  if (last !== undefined && now - last < API_KEY_USE_WRITE_MS) return;
  if (written.size >= MAX_ENTRIES) written.clear();
  written.set(keyId, now);
  await touchApiKey(db, keyId, new Date(now));
}
