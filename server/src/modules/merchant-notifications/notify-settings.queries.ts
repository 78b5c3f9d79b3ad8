import type { Queryable } from '../../db/db';
import type { SentNotification } from './notifications.queries';

/** A merchant's notification settings as stored (no row: nothing set). */
export interface NotifySettingsRecord {
  notify_url: string;
  callback_secret_id: string | null;
  callback_secret_created_at: Date | null;
  updated_at: Date;
}

/** What signs a merchant's notifications: the id sent in `X-Api-Key` and the HMAC secret. */
export interface NotificationSigner {
  kind: 'callback_secret' | 'api_key';
  keyId: string;
  secret: string;
}

export async function findNotifySettings(
  db: Queryable,
  merchantId: string,
): Promise<NotifySettingsRecord | null> {
  const { rows } = await db.query<NotifySettingsRecord>(
    `SELECT notify_url, callback_secret_id, callback_secret_created_at, updated_at
       FROM merchant_notify_settings WHERE merchant_account_id = $1`,
    [merchantId],
  );
  return rows[0] ?? null;
}

/**
 * Holds the merchant's settings row for the rest of the transaction (made empty when missing),
 * so two changes of one merchant's settings queue.
 */
export async function lockNotifySettings(tx: Queryable, merchantId: string) {
  await tx.query(
    `INSERT INTO merchant_notify_settings (merchant_account_id) VALUES ($1) ON CONFLICT DO NOTHING`,
    [merchantId],
  );
  await tx.query(
    'SELECT 1 FROM merchant_notify_settings WHERE merchant_account_id = $1 FOR UPDATE',
    [merchantId],
  );
}

export async function updateNotifyUrl(tx: Queryable, merchantId: string, url: string, at: Date) {
  await tx.query(
    'UPDATE merchant_notify_settings SET notify_url = $2, updated_at = $3 WHERE merchant_account_id = $1',
    [merchantId, url, at.toISOString()],
  );
}

export async function updateCallbackSecret(
  tx: Queryable,
  merchantId: string,
  secret: { id: string; secret: string },
  at: Date,
) {
  await tx.query(
    `UPDATE merchant_notify_settings
        SET callback_secret_id = $2, callback_secret = $3, callback_secret_created_at = $4, updated_at = $4
      WHERE merchant_account_id = $1`,
    [merchantId, secret.id, secret.secret, at.toISOString()],
  );
}

/**
 * What signs the merchant's notifications: its callback secret when it has one, else (as
 * before there were callback secrets) its oldest live API key; null when neither exists.
 */
export async function findNotificationSigner(
  db: Queryable,
  merchantId: string,
  now = new Date(),
): Promise<NotificationSigner | null> {
  const { rows } = await db.query<{ kind: NotificationSigner['kind']; id: string; secret: string }>(
    `SELECT 'callback_secret' AS kind, callback_secret_id AS id, callback_secret AS secret
       FROM merchant_notify_settings WHERE merchant_account_id = $1 AND callback_secret IS NOT NULL
     UNION ALL
     (SELECT 'api_key', key_id, secret FROM merchant_api_keys
       WHERE merchant_account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
       ORDER BY created_at, key_id LIMIT 1)`,
    [merchantId, now.toISOString()],
  );
  const row = rows.find((r) => r.kind === 'callback_secret') ?? rows[0];
  return row ? { kind: row.kind, keyId: row.id, secret: row.secret } : null;
}

/** The merchant's notifications among `ids` (others' are left out). */
export async function findMerchantNotifications(
  db: Queryable,
  merchantId: string,
  ids: readonly string[],
): Promise<SentNotification[]> {
  const { rows } = await db.query<SentNotification>(
    `SELECT id, merchant_account_id, ref_type, ref_id, url, payload, status, attempts, next_attempt_at,
            created_at, delivered_at
       FROM merchant_notifications WHERE merchant_account_id = $1 AND id = ANY($2::uuid[])
      ORDER BY created_at, id`,
    [merchantId, ids],
  );
  return rows;
}
