-- Guarded settings (issue 25): a change that moves everyone's money (a USDT rate beyond its
-- band, an approval threshold, the request expiry, the band itself) waits here for a second
-- admin, decided through the same maker-checker as money-out (`approvals`, ref_type
-- 'setting_change'). Approving applies it; rejecting or expiry leaves the old value.
CREATE TABLE setting_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL
    CHECK (kind IN ('usdt_rate', 'approval_threshold', 'approval_expiry', 'usdt_rate_band')),
  -- The currency of a rate or threshold; '' for the expiry and the band.
  target text NOT NULL DEFAULT '',
  -- Values as the setting's own call shows them (a rate with 8 decimals, an amount in major
  -- units, whole hours or percent); old_value is null when the setting had none.
  old_value text,
  new_value text NOT NULL,
  change_percent text,
  reason text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decision_reason_code text,
  decision_note text
);
-- One waiting change per setting: a second ask while one waits is refused.
CREATE UNIQUE INDEX setting_changes_one_pending_idx ON setting_changes (kind, target)
  WHERE status = 'pending';
CREATE INDEX setting_changes_status_idx ON setting_changes (status, created_at);
