-- Gateway routing (issue 43; docs/routing.md): profiles that decide which gateway a pay-in or
-- a pay-out goes to, and each decision kept with its transaction.
--
-- A profile is one per scope, currency and direction: the platform's default, a reseller's
-- (for its merchants) or a merchant's; the most specific one routes. Its definition is
-- versioned: a save adds a version and moves `current_version`, in one transaction.
CREATE TABLE routing_profiles (
  id uuid PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('platform', 'reseller', 'merchant')),
  -- The reseller or merchant the profile is for; null for the platform's.
  account_id uuid REFERENCES accounts (id),
  currency text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('payin', 'payout')),
  current_version integer NOT NULL,
  -- An inactive profile routes nothing: the next less specific one does.
  active boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((scope = 'platform') = (account_id IS NULL))
);
CREATE UNIQUE INDEX routing_profiles_one_idx ON routing_profiles
  (scope, coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, direction);

CREATE TABLE routing_profile_versions (
  profile_id uuid NOT NULL REFERENCES routing_profiles (id),
  version integer NOT NULL,
  definition jsonb NOT NULL,
  note text NOT NULL,
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (profile_id, version)
);

-- One row per routed pay-in or pay-out, written in the statement that creates it: the
-- gateway chosen, the profile version that chose it, why (`reasons`, in order, as language-neutral parts) and every
-- candidate with its status and score. `by_fallback`: the chosen gateway was not the
-- profile's first choice (that one was inactive or none it named could take the payment).
CREATE TABLE routing_decisions (
  ref_id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('payin', 'payout')),
  merchant_account_id uuid NOT NULL,
  gateway_id uuid NOT NULL,
  profile_id uuid NOT NULL,
  profile_version integer NOT NULL,
  by_fallback boolean NOT NULL,
  reasons jsonb NOT NULL,
  candidates jsonb NOT NULL,
  at timestamptz NOT NULL
);
-- Read by its key (a payment's timeline), and the fallbacks by time ("routed by fallback
-- today"); every pay-in pays for each index, so there is no other.
CREATE INDEX routing_decisions_fallback_idx ON routing_decisions (at DESC) WHERE by_fallback;

-- A profile's change waits for a second admin as every guarded setting does.
ALTER TABLE setting_changes DROP CONSTRAINT setting_changes_kind_check;
ALTER TABLE setting_changes ADD CONSTRAINT setting_changes_kind_check
  CHECK (kind IN ('usdt_rate', 'approval_threshold', 'approval_expiry', 'usdt_rate_band',
    'login_max_failures_per_account', 'login_max_failures_per_address',
    'login_failure_window_minutes', 'admin_invite', 'admin_modules', 'admin_activate',
    'team_two_factor_off', 'approval_tiers', 'routing_profile'));
