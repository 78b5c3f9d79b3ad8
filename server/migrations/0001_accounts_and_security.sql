-- Accounts, sign-in and account security, and the admin log.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_db_code text NOT NULL UNIQUE,
  account_type text NOT NULL CHECK (account_type IN ('admin', 'reseller', 'merchant')),
  -- A sub-account acts for its parent (same account type) with a subset of its modules.
  parent_account_id uuid REFERENCES accounts (id),
  -- A merchant's reseller (null for merchants directly under the platform).
  reseller_account_id uuid REFERENCES accounts (id),
  email text NOT NULL,
  username text NOT NULL,
  name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  telegram_id text NOT NULL DEFAULT '',
  lang text NOT NULL DEFAULT 'en',
  timezone text NOT NULL DEFAULT 'Default',
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  otp_enabled boolean NOT NULL DEFAULT false,
  otp_secret text,
  otp_pending_secret text,
  -- The last TOTP time step accepted, so one code cannot be used twice.
  otp_last_step bigint NOT NULL DEFAULT 0,
  login_ip_enabled boolean NOT NULL DEFAULT false,
  layout_settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_demo boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_account_id IS NULL OR parent_account_id <> id)
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));
CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username));
CREATE INDEX accounts_reseller_idx ON accounts (reseller_account_id) WHERE reseller_account_id IS NOT NULL;
CREATE INDEX accounts_parent_idx ON accounts (parent_account_id) WHERE parent_account_id IS NOT NULL;

CREATE TABLE account_modules (
  account_id uuid NOT NULL REFERENCES accounts (id),
  module text NOT NULL CHECK (module IN ('payin', 'payout', 'settlements', 'withdrawal', 'top_up',
    'account_management', 'my_contracts', 'reports', 'technical', 'sub_accounts', 'administrator')),
  PRIMARY KEY (account_id, module)
);

CREATE TABLE otp_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  code_hash bytea NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, code_hash)
);

CREATE TABLE login_ips (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- An address or a network (CIDR); a sign-in passes when its address is within one.
  ip inet NOT NULL,
  label text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, ip)
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- SHA-256 of the opaque token; the token itself is never stored.
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  client_ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_live_idx ON sessions (account_id) WHERE revoked_at IS NULL;

-- A sign-in that still needs a step (one-time code, first-time password) before a session.
CREATE TABLE sign_in_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  token_hash bytea NOT NULL UNIQUE,
  step text NOT NULL CHECK (step IN ('otp_verify', 'password_change')),
  failed_attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  client_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins, for rate limiting per account and per client address.
CREATE TABLE sign_in_failures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL,
  client_ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_identifier_idx ON sign_in_failures (identifier, created_at);
CREATE INDEX sign_in_failures_ip_idx ON sign_in_failures (client_ip, created_at);

CREATE TABLE admin_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  actor_account_id uuid REFERENCES accounts (id),
  actor_username text NOT NULL DEFAULT '',
  actor_account_type text NOT NULL DEFAULT '',
  action text NOT NULL,
  target_type text NOT NULL DEFAULT '',
  target_id text NOT NULL DEFAULT '',
  client_ip text NOT NULL DEFAULT '',
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
  before jsonb,
  after jsonb,
  request_id text NOT NULL DEFAULT ''
);
CREATE INDEX admin_logs_created_idx ON admin_logs (created_at DESC);
CREATE INDEX admin_logs_action_idx ON admin_logs (action, created_at DESC);
CREATE INDEX admin_logs_actor_idx ON admin_logs (actor_account_id, created_at DESC);

-- The admin log is a record: it is appended to, never changed.
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER admin_logs_append_only BEFORE UPDATE OR DELETE ON admin_logs
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Product settings an admin can change (links of the top bar and menu, and the like).
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
