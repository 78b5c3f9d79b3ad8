-- Merchant API: keys, idempotency, notifications to merchants, and the sandbox gateway's state.

CREATE TABLE merchant_api_keys (
  key_id text PRIMARY KEY,
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  -- The HMAC secret must be readable to verify signatures; it is shown once at creation.
  secret text NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per (merchant, key): the request's hash and, once done, the response to replay.
CREATE TABLE idempotency_keys (
  merchant_account_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_account_id, idempotency_key)
);

-- Results sent to a merchant's notify URL, retried with back-off until a 2xx.
CREATE TABLE merchant_notifications (
  id uuid PRIMARY KEY,
  merchant_account_id uuid NOT NULL,
  ref_type text NOT NULL,
  ref_id uuid NOT NULL,
  url text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'abandoned')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX merchant_notifications_due_idx ON merchant_notifications (next_attempt_at)
  WHERE status = 'pending';

CREATE TABLE merchant_notification_attempts (
  notification_id uuid NOT NULL REFERENCES merchant_notifications (id),
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  http_status integer,
  error text NOT NULL DEFAULT '',
  PRIMARY KEY (notification_id, attempt)
);

-- The sandbox gateway's own books (it stands in for an outside system).
CREATE TABLE sandbox_payments (
  reference text PRIMARY KEY,
  gateway_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('payin', 'payout')),
  merchant_ref uuid NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
