-- Risk lists (issue 42; docs/risk.md, "Lists"): blocklists and allowlists of one key type each,
-- owned by the platform, a reseller or a merchant. Entries are never deleted: removal stamps
-- who, when and why. Every change bumps its owner's row of risk_scope_versions in the same
-- transaction, so intake knows when to refresh the lists it holds in memory.
CREATE TABLE risk_lists (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  key_type text NOT NULL CHECK (key_type IN
    ('email', 'customer_id', 'customer_ip', 'source_ip', 'bank_account', 'wallet', 'order_id')),
  list_type text NOT NULL CHECK (list_type IN ('block', 'allow')),
  -- The owner, as balance_adjustments carries it: platform = both null; a reseller = only
  -- reseller_account_id (itself); a merchant = merchant_account_id and its reseller.
  merchant_account_id uuid REFERENCES accounts (id),
  reseller_account_id uuid REFERENCES accounts (id),
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX risk_lists_created_idx ON risk_lists (created_at DESC, id);
CREATE INDEX risk_lists_merchant_idx
  ON risk_lists (merchant_account_id) WHERE merchant_account_id IS NOT NULL;
CREATE INDEX risk_lists_reseller_idx
  ON risk_lists (reseller_account_id) WHERE reseller_account_id IS NOT NULL;

CREATE TABLE risk_list_entries (
  id uuid PRIMARY KEY,
  list_id uuid NOT NULL REFERENCES risk_lists (id),
  -- The canonical value (packages/contract/src/risk/normalize.ts).
  value text NOT NULL,
  -- The first 8 bytes of SHA-256 of `key_type:value`, signed: what intake's sets hold.
  value_h bigint NOT NULL,
  expires_at timestamptz,
  reason text NOT NULL,
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  removed_at timestamptz,
  removed_by uuid REFERENCES accounts (id),
  removal_reason text,
  CHECK ((removed_at IS NULL) = (removed_by IS NULL)),
  CHECK ((removed_at IS NULL) = (removal_reason IS NULL))
);
-- One live entry per value in a list; removed ones stay as history.
CREATE UNIQUE INDEX risk_list_entries_live_value_idx
  ON risk_list_entries (list_id, value) WHERE removed_at IS NULL;
CREATE INDEX risk_list_entries_list_created_idx
  ON risk_list_entries (list_id, created_at DESC, id);

-- One row per owner scope ('platform', 'reseller:<id>', 'merchant:<id>'): its version goes up
-- with every change to its lists (and, later, its rules).
CREATE TABLE risk_scope_versions (
  scope_key text PRIMARY KEY,
  version bigint NOT NULL,
  changed_at timestamptz NOT NULL
);
