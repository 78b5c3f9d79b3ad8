-- Merchant settings (issue 11): named API keys with their last use and a roll's overlap, the
-- merchant's default notify URL and callback signing secret, and the notification log.

ALTER TABLE merchant_api_keys ADD COLUMN name text NOT NULL DEFAULT '';
-- Written at most once a minute per key (merchant-api/api-key-use.ts).
ALTER TABLE merchant_api_keys ADD COLUMN last_used_at timestamptz;
-- A rolled key works until then, beside the key that replaced it; null: no end.
ALTER TABLE merchant_api_keys ADD COLUMN expires_at timestamptz;
ALTER TABLE merchant_api_keys ADD COLUMN replaced_by text;
CREATE INDEX merchant_api_keys_merchant_idx ON merchant_api_keys (merchant_account_id, created_at);

-- One row per merchant that set something: where its notifications go when a pay-in or
-- pay-out names no URL, and the secret they are signed with (null: the oldest live API key).
CREATE TABLE merchant_notify_settings (
  merchant_account_id uuid PRIMARY KEY REFERENCES accounts (id),
  notify_url text NOT NULL DEFAULT '',
  callback_secret_id text UNIQUE,
  callback_secret text,
  callback_secret_created_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What a notification reports (`payin.success`, …), for the log's filter.
ALTER TABLE merchant_notifications ADD COLUMN event text NOT NULL DEFAULT '';
UPDATE merchant_notifications SET event = ref_type || '.' || coalesce(payload ->> 'status', '');
CREATE INDEX merchant_notifications_merchant_idx ON merchant_notifications (merchant_account_id, created_at);

-- Each attempt's own id (the log's rows), how long the answer took and what it began with.
ALTER TABLE merchant_notification_attempts ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE merchant_notification_attempts ADD COLUMN latency_ms integer;
ALTER TABLE merchant_notification_attempts ADD COLUMN response_excerpt text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX merchant_notification_attempts_id_idx ON merchant_notification_attempts (id);
CREATE INDEX merchant_notification_attempts_at_idx ON merchant_notification_attempts (attempted_at, id);

-- The notification log (getMerchantNotificationLog): every attempt with its notification.
CREATE VIEW merchant_notification_log AS
SELECT a.id, a.notification_id, a.attempt, a.attempted_at AS created_at,
       n.merchant_account_id, n.ref_type, n.ref_id, coalesce(n.payload ->> 'order_id', '') AS order_id,
       n.event, n.url, n.status AS notification_status, a.http_status, a.latency_ms,
       a.response_excerpt, a.error,
       CASE WHEN a.http_status BETWEEN 200 AND 299 THEN 'success' ELSE 'failed' END AS status
  FROM merchant_notification_attempts a
  JOIN merchant_notifications n ON n.id = a.notification_id;
