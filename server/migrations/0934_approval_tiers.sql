-- Approval tiers by amount (issue 42, docs/money.md, Approval tiers): per kind of money-out
-- (pay-out, settlement, withdrawal) and currency, amount bands each naming how many distinct
-- approvers an item in it needs. The band of an item is the one with the largest min_amount at
-- or below its amount; where a kind and currency have bands they replace the currency's
-- two-approver threshold (`approval_thresholds`), and an item's own least count still applies.
-- Amounts are minor units, as every amount and `approval_thresholds.min_amount` are. A set of
-- bands always starts at 0 (checked on save, `setApprovalTiers`); it is written whole.
CREATE TABLE approval_tiers (
  tier_kind text NOT NULL CHECK (tier_kind IN ('payout', 'settlement', 'withdrawal')),
  currency text NOT NULL,
  min_amount bigint NOT NULL CHECK (min_amount >= 0),
  approvers integer NOT NULL CHECK (approvers BETWEEN 1 AND 3),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tier_kind, currency, min_amount)
);

-- A change of one kind's and currency's bands (target `<kind>:<currency>`) waits for a second
-- admin as every change of the maker-checker settings does.
ALTER TABLE setting_changes DROP CONSTRAINT setting_changes_kind_check;
ALTER TABLE setting_changes ADD CONSTRAINT setting_changes_kind_check
  CHECK (kind IN ('usdt_rate', 'approval_threshold', 'approval_expiry', 'usdt_rate_band',
    'login_max_failures_per_account', 'login_max_failures_per_address',
    'login_failure_window_minutes', 'admin_invite', 'admin_modules', 'admin_activate',
    'team_two_factor_off', 'approval_tiers'));
