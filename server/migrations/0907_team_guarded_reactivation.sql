-- Guarded team changes (issue 40, docs/security.md, Guarded settings): activating a deactivated
-- admin again (`admin_activate`, target its account code) and no longer requiring 2FA of the
-- team (`team_two_factor_off`, no target) wait for a second admin, as an invitation does:
-- one admin alone could otherwise bring back a second pair of hands, or loosen the team's
-- sign-in, for their own ends.
ALTER TABLE setting_changes DROP CONSTRAINT setting_changes_kind_check;
ALTER TABLE setting_changes ADD CONSTRAINT setting_changes_kind_check
  CHECK (kind IN ('usdt_rate', 'approval_threshold', 'approval_expiry', 'usdt_rate_band',
    'login_max_failures_per_account', 'login_max_failures_per_address',
    'login_failure_window_minutes', 'admin_invite', 'admin_modules', 'admin_activate',
    'team_two_factor_off'));
