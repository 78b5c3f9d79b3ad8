-- Mail (issue 30; modules/mail): every mail is written here in the transaction of the change
-- that causes it, then sent over SMTP by the mail pump with the claim and back-off of the
-- merchant notifications (db/claim-queue.ts). 'held': no SMTP_URL is set, the mail waits to be
-- read or resent by an administrator.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  recipient_account_id uuid REFERENCES accounts (id),
  recipient text NOT NULL,
  lang text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'held', 'abandoned')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text NOT NULL DEFAULT '',
  message_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_list_idx ON mail_outbox (created_at DESC, id);

-- Forgot password: a single-use token (256 random bits) stored only as its SHA-256, valid 30
-- minutes; a new request or a reset voids the account's older ones (used_at).
CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_account_idx ON password_reset_tokens (account_id)
  WHERE used_at IS NULL;

-- Forgot-password requests, counted per email and per address like failed sign-ins.
CREATE TABLE password_reset_requests (
  identifier text NOT NULL,
  client_ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_identifier_idx ON password_reset_requests (identifier, created_at);
CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (client_ip, created_at);
