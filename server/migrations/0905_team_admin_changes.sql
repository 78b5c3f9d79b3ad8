-- The team screen (issue 40, docs/security.md, Guarded settings): a new admin with the
-- administrator module (`admin_invite`, target its email) and the administrator module given to
-- an admin without it (`admin_modules`, target its account code) wait for a second admin as
-- setting changes of their own kinds. `details` holds what an invitation needs besides its
-- modules (username and name), so new_value stays the readable module list the queue shows.
ALTER TABLE setting_changes DROP CONSTRAINT setting_changes_kind_check;
ALTER TABLE setting_changes ADD CONSTRAINT setting_changes_kind_check
  CHECK (kind IN ('usdt_rate', 'approval_threshold', 'approval_expiry', 'usdt_rate_band',
    'login_max_failures_per_account', 'login_max_failures_per_address',
    'login_failure_window_minutes', 'admin_invite', 'admin_modules'));
ALTER TABLE setting_changes ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb;
