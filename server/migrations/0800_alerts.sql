-- Alerts (issue 30; modules/alerts). The outbox carries the operations webhook too: a row of
-- channel 'webhook' holds the JSON body in text_body and the webhook URL as its recipient; it
-- is signed when sent (ALERT_WEBHOOK_SECRET), so no secret is stored.
ALTER TABLE mail_outbox ADD COLUMN channel text NOT NULL DEFAULT 'mail'
  CHECK (channel IN ('mail', 'webhook'));
CREATE INDEX mail_outbox_channel_due_idx ON mail_outbox (channel, next_attempt_at)
  WHERE status = 'pending';

-- The optional alerts an account turned off (OPTIONAL_ALERTS); any other is on. Security
-- alerts are never here: they cannot be turned off.
CREATE TABLE alert_opt_outs (
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, kind)
);

-- The approvals digest: per recipient (an admin's id, or 'webhook'), when its last digest was
-- queued, so a digest goes at most every 15 minutes.
CREATE TABLE approval_digests (
  recipient_key text PRIMARY KEY,
  last_sent_at timestamptz NOT NULL
);

-- Merchants whose notify URL fails: when each was last told (at most once a day).
CREATE TABLE notify_failure_alerts (
  merchant_account_id uuid PRIMARY KEY REFERENCES accounts (id),
  last_sent_at timestamptz NOT NULL
);

-- The waiting requests each recipient's digests have named, so the next digest names only new
-- ones (a request no longer waiting is forgotten at the next digest).
CREATE TABLE approval_digest_told (
  recipient_key text NOT NULL,
  ref_id uuid NOT NULL,
  PRIMARY KEY (recipient_key, ref_id)
);
