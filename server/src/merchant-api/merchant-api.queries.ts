import type { Queryable } from '../db/db';
import type { Writes } from '../db/writes';

/** Adds an API key unless its id exists (demo seed). */
export async function ensureApiKey(
  db: Queryable,
  keyId: string,
  merchantId: string,
  secret: string,
  createdAt = new Date(),
) {
  await db.query(
    `INSERT INTO merchant_api_keys (key_id, merchant_account_id, secret, name, created_at)
     VALUES ($1, $2, $3, 'Demo key', $4) ON CONFLICT DO NOTHING`,
    [keyId, merchantId, secret, createdAt.toISOString()],
  );
}

export type IdempotencyClaim =
  | { state: 'new' }
  | { state: 'replay'; statusCode: number; responseText: string }
  | { state: 'mismatch' }
  | { state: 'in_progress'; since: Date };

/**
 * Claims an idempotency key for a request in the caller's transaction: new, a replay of a
 * finished request (its saved response), another request under the same key, or one still
 * running. Two racing claims serialize on the key's primary key.
 */
export async function claimIdempotencyKey(
  db: Queryable,
  merchantId: string,
  key: string,
  hash: string,
): Promise<IdempotencyClaim> {
  const inserted = await db.query(
    `INSERT INTO idempotency_keys (merchant_account_id, idempotency_key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING idempotency_key`,
    [merchantId, key, hash],
  );
  if (inserted.rows.length) return { state: 'new' };
  return (await findIdempotencyClaim(db, merchantId, key, hash))!;
}

/** What a key already claimed says to a request with `hash` (undefined: the key is new). */
export async function findIdempotencyClaim(
  db: Queryable,
  merchantId: string,
  key: string,
  hash: string,
): Promise<Exclude<IdempotencyClaim, { state: 'new' }> | undefined> {
  const { rows } = await db.query<{
    request_hash: string;
    status_code: number | null;
    response_text: string | null;
    created_at: Date;
  }>(
    `SELECT request_hash, status_code, COALESCE(response_text, response::text) AS response_text, created_at
       FROM idempotency_keys WHERE merchant_account_id = $1 AND idempotency_key = $2`,
    [merchantId, key],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.request_hash !== hash) return { state: 'mismatch' };
  if (row.status_code === null) return { state: 'in_progress', since: row.created_at };
  return { state: 'replay', statusCode: row.status_code, responseText: row.response_text ?? '' };
}

/** Saves the response a key's replays will get: the exact JSON text that was sent. */
export async function saveIdempotentResponse(
  db: Queryable,
  merchantId: string,
  key: string,
  statusCode: number,
  responseText: string,
) {
  await db.query(
    'UPDATE idempotency_keys SET status_code = $3, response_text = $4 WHERE merchant_account_id = $1 AND idempotency_key = $2',
    [merchantId, key, statusCode, responseText],
  );
}

/** Forgets a key whose request failed before changing anything, so it can be retried. */
export async function releaseIdempotencyKey(db: Queryable, merchantId: string, key: string) {
  await db.query(
    'DELETE FROM idempotency_keys WHERE merchant_account_id = $1 AND idempotency_key = $2 AND status_code IS NULL',
    [merchantId, key],
  );
}

/**
 * The write claiming several fresh idempotency keys (in key order, so concurrent batches
 * never deadlock). A key that exists already fails the statement with a unique violation:
 * that key then needs `claimIdempotencyKey`'s per-key answer.
 */
export function idempotencyClaimWrites(
  claims: readonly {
    merchantId: string;
    key: string;
    hash: string;
    /** The answer, when it is known at the claim (a pay-in risk controls held or blocked). */
    answer?: { statusCode: number; responseText: string } | null;
  }[],
): Writes {
  const sorted = [...claims].sort((a, b) => (a.merchantId + a.key < b.merchantId + b.key ? -1 : 1));
  return {
    statements: [
      `INSERT INTO idempotency_keys (merchant_account_id, idempotency_key, request_hash, status_code, response_text)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::text[])`,
    ],
    params: [
      sorted.map((c) => c.merchantId),
      sorted.map((c) => c.key),
      sorted.map((c) => c.hash),
      sorted.map((c) => c.answer?.statusCode ?? null),
      sorted.map((c) => c.answer?.responseText ?? null),
    ],
  };
}

/** The write saving the responses (their exact JSON text) of several keys; null when none. */
export function idempotentResponseWrites(
  saves: readonly { merchantId: string; key: string; statusCode: number; responseText: string }[],
): Writes | null {
  if (!saves.length) return null;
  return {
    statements: [
      `UPDATE idempotency_keys k SET status_code = x.s, response_text = x.r
       FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[]) AS x(m, k, s, r)
      WHERE k.merchant_account_id = x.m AND k.idempotency_key = x.k`,
    ],
    params: [
      saves.map((s) => s.merchantId),
      saves.map((s) => s.key),
      saves.map((s) => s.statusCode),
      saves.map((s) => s.responseText),
    ],
  };
}
