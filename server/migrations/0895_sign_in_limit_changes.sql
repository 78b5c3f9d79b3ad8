-- Guarded sign-in limits (issue 39, docs/security.md, Guarded settings): loosening a sign-in
-- limit (more failures per account or per address, a shorter window) waits for a second admin
-- as a setting change of its own kind; tightening one applies at once.
ALTER TABLE setting_changes DROP CONSTRAINT setting_changes_kind_check;
ALTER TABLE setting_changes ADD CONSTRAINT setting_changes_kind_check
  CHECK (kind IN ('usdt_rate', 'approval_threshold', 'approval_expiry', 'usdt_rate_band',
    'login_max_failures_per_account', 'login_max_failures_per_address',
    'login_failure_window_minutes'));
