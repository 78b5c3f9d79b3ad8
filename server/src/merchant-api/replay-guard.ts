import { MERCHANT_API_MAX_SKEW_SECONDS } from '@bo/contract';
import type { Queryable } from '../db/db';

const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<Queryable, number>();

/**
 * Notes a verified signature as seen until its timestamp leaves the accepted window (timestamp
 * + the allowed skew); false when it was seen already, i.e. the request is a replay. One
 * statement on the primary key, so several server instances share what they have seen.
 */
export async function isFirstUseOfSignature(
  db: Queryable,
  signature: string,
  timestamp: number,
  now = Date.now(),
): Promise<boolean> {
  pruneNowAndThen(db, now);
  const expiresAt = new Date((timestamp + MERCHANT_API_MAX_SKEW_SECONDS) * 1000);
  const { rows } = await db.query(
    `INSERT INTO merchant_api_seen_signatures (signature, expires_at) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING signature`,
    [signature, expiresAt],
  );
  return rows.length === 1;
}

/** Forgets signatures whose window has closed, at most once a minute per server process. */
function pruneNowAndThen(db: Queryable, now: number) {
  if (now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  // Not awaited: the request needs none of it, and a failed prune is retried a minute later.
  void db
    .query('DELETE FROM merchant_api_seen_signatures WHERE expires_at < $1', [new Date(now)])
    .catch(() => lastPrune.delete(db));
}
