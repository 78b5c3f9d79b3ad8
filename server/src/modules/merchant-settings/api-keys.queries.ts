import type { Queryable } from '../../db/db';

/** A live API key with its merchant, as a signed request needs it. */
export interface ApiKeyRow {
  key_id: string;
  merchant_account_id: string;
  secret: string;
  /** When a rolled key stops working; null when it has no end. */
  expires_at: Date | null;
}

/** An API key as the merchant's list shows it (no secret). */
export interface ApiKeyRecord {
  key_id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  replaced_by: string | null;
}

const RECORD_COLUMNS =
  'key_id, name, created_at, last_used_at, expires_at, revoked_at, replaced_by';

/**
 * A live API key with its merchant (a top-level merchant account that is active): not
 * revoked and, when rolled, still inside its window at `now`.
 */
export async function findLiveApiKey(
  db: Queryable,
  keyId: string,
  now: Date,
): Promise<ApiKeyRow | null> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT k.key_id, k.merchant_account_id, k.secret, k.expires_at FROM merchant_api_keys k
       JOIN accounts a ON a.id = k.merchant_account_id
      WHERE k.key_id = $1 AND k.revoked_at IS NULL AND a.status = 'active'
        AND (k.expires_at IS NULL OR k.expires_at > $2)`,
    [keyId, now.toISOString()],
  );
  return rows[0] ?? null;
}

/** The merchant's keys, newest first: live ones and those refused less than 30 days ago. */
export async function findMerchantApiKeys(
  db: Queryable,
  merchantId: string,
  now: Date,
): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<ApiKeyRecord>(
    `SELECT ${RECORD_COLUMNS} FROM merchant_api_keys
      WHERE merchant_account_id = $1
        AND (revoked_at IS NULL OR revoked_at > $2::timestamptz - interval '30 days')
        AND (expires_at IS NULL OR expires_at > $2::timestamptz - interval '30 days')
      ORDER BY created_at DESC, key_id`,
    [merchantId, now.toISOString()],
  );
  return rows;
}

/** One of the merchant's keys, held for the rest of the transaction; null when not its. */
export async function lockMerchantApiKey(
  tx: Queryable,
  merchantId: string,
  keyId: string,
): Promise<ApiKeyRecord | null> {
  const { rows } = await tx.query<ApiKeyRecord>(
    `SELECT ${RECORD_COLUMNS} FROM merchant_api_keys
      WHERE merchant_account_id = $1 AND key_id = $2 FOR UPDATE`,
    [merchantId, keyId],
  );
  return rows[0] ?? null;
}

/** How many of the merchant's keys work at `now`. */
export async function countLiveApiKeys(tx: Queryable, merchantId: string, now: Date) {
  const { rows } = await tx.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM merchant_api_keys
      WHERE merchant_account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
    [merchantId, now.toISOString()],
  );
  return Number(rows[0]?.n ?? 0n);
}

export async function insertApiKey(
  tx: Queryable,
  key: { keyId: string; merchantId: string; name: string; secret: string; at: Date },
): Promise<ApiKeyRecord> {
  const { rows } = await tx.query<ApiKeyRecord>(
    `INSERT INTO merchant_api_keys (key_id, merchant_account_id, name, secret, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${RECORD_COLUMNS}`,
    [key.keyId, key.merchantId, key.name, key.secret, key.at.toISOString()],
  );
  return rows[0]!;
}

export async function markApiKeyRevoked(
  tx: Queryable,
  keyId: string,
  at: Date,
): Promise<ApiKeyRecord> {
  const { rows } = await tx.query<ApiKeyRecord>(
    `UPDATE merchant_api_keys SET revoked_at = $2 WHERE key_id = $1 RETURNING ${RECORD_COLUMNS}`,
    [keyId, at.toISOString()],
  );
  return rows[0]!;
}

/** Ends a rolled key at `until` (sooner when it already ended sooner) and names its successor. */
export async function markApiKeyRolled(
  tx: Queryable,
  keyId: string,
  until: Date,
  replacedBy: string,
): Promise<ApiKeyRecord> {
  const { rows } = await tx.query<ApiKeyRecord>(
    `UPDATE merchant_api_keys SET expires_at = least(coalesce(expires_at, $2), $2), replaced_by = $3
      WHERE key_id = $1 RETURNING ${RECORD_COLUMNS}`,
    [keyId, until.toISOString(), replacedBy],
  );
  return rows[0]!;
}

/** Notes a key's use unless it was noted in the minute before `at`. */
export async function touchApiKey(db: Queryable, keyId: string, at: Date) {
  await db.query(
    `UPDATE merchant_api_keys SET last_used_at = $2
      WHERE key_id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [keyId, at.toISOString()],
  );
}
