-- Approvals of back-office money requests (maker-checker), the reasons a request is rejected
-- with, who asked for each request and the idempotency key of the form that sent it.

-- One row per (request, approver): a second approval by the same admin hits the unique key.
CREATE TABLE approvals (
  ref_type text NOT NULL,
  ref_id uuid NOT NULL,
  approver_account_id uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ref_type, ref_id, approver_account_id)
);
CREATE INDEX approvals_ref_idx ON approvals (ref_id);

-- Amounts (minor units) at or above which a money-out needs two distinct approvers, per
-- currency. A currency without a row uses 0: every amount needs two.
CREATE TABLE approval_thresholds (
  currency text PRIMARY KEY,
  min_amount bigint NOT NULL CHECK (min_amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Hours a request may wait for a decision before the expiry sweep rejects it.
INSERT INTO settings (key, value) VALUES ('approval_expiry_hours', '72')
  ON CONFLICT (key) DO NOTHING;

-- The reasons an admin picks when rejecting; admins add more. System reasons (expiry) are
-- written by the server only and cannot be picked.
CREATE TABLE reject_reasons (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{1,59}$'),
  label text NOT NULL,
  is_system boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO reject_reasons (code, label, is_system) VALUES
  ('insufficient_documents', 'Insufficient documents', false),
  ('beneficiary_mismatch', 'Beneficiary does not match the account holder', false),
  ('suspected_fraud', 'Suspected fraud', false),
  ('duplicate_request', 'Duplicate request', false),
  ('other', 'Other (see the note)', false),
  ('expired', 'Not decided in time', true);

-- Why a request was rejected, shown to the requester with the list rows.
ALTER TABLE payouts ADD COLUMN decision_reason_code text, ADD COLUMN decision_note text;
ALTER TABLE settlements ADD COLUMN decision_reason_code text, ADD COLUMN decision_note text;
ALTER TABLE withdrawals ADD COLUMN decision_reason_code text, ADD COLUMN decision_note text;
ALTER TABLE top_ups ADD COLUMN decision_reason_code text, ADD COLUMN decision_note text;

-- Who asked for each back-office request (the creator may not approve it) and, when the form
-- sent one, its idempotency key with the request's hash and the answer to replay. `ref_id`
-- is null only inside the transaction that claims the key and makes the request.
CREATE TABLE money_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  requested_by uuid NOT NULL REFERENCES accounts (id),
  ref_type text NOT NULL,
  ref_id uuid UNIQUE,
  request_key text,
  request_hash text,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX money_requests_key_idx ON money_requests (requested_by, request_key)
  WHERE request_key IS NOT NULL;

-- The expiry sweep's queues: requests still waiting for a decision, oldest first.
CREATE INDEX payouts_awaiting_idx ON payouts (created_at) WHERE status = 'pending_approval';
CREATE INDEX settlements_awaiting_idx ON settlements (created_at) WHERE status = 'pending';
CREATE INDEX withdrawals_awaiting_idx ON withdrawals (created_at) WHERE status = 'pending';
