-- Risk rules (issue 42; docs/risk.md, "Rules"): a rule's name, owner and mode; what it says is
-- its current version, one of immutable versions of a structured definition (canonical JSON,
-- keys sorted: packages/contract/src/risk/rule-reading.ts). A change is a new version.
CREATE TABLE risk_rules (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  -- The owner, as the lists' scope reads it (0920): the platform is (null, null); a reseller
  -- (null, itself); a merchant (itself, its reseller).
  merchant_account_id uuid REFERENCES accounts (id),
  reseller_account_id uuid REFERENCES accounts (id),
  mode text NOT NULL CHECK (mode IN ('draft', 'shadow', 'active', 'disabled')),
  current_version integer NOT NULL CHECK (current_version >= 1),
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX risk_rules_merchant_idx ON risk_rules (merchant_account_id)
  WHERE merchant_account_id IS NOT NULL;
CREATE INDEX risk_rules_reseller_idx ON risk_rules (reseller_account_id)
  WHERE reseller_account_id IS NOT NULL;
-- What intake loads: the rules that run (active or shadow).
CREATE INDEX risk_rules_running_idx ON risk_rules (merchant_account_id, reseller_account_id)
  WHERE mode IN ('active', 'shadow');

-- Every version a rule had; decisions name (rule_id, version). Written once, never changed.
CREATE TABLE risk_rule_versions (
  rule_id uuid NOT NULL REFERENCES risk_rules (id),
  version integer NOT NULL CHECK (version >= 1),
  definition jsonb NOT NULL,
  note text NOT NULL DEFAULT '',
  created_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (rule_id, version)
);
CREATE TRIGGER risk_rule_versions_append_only BEFORE UPDATE OR DELETE ON risk_rule_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER risk_rule_versions_no_truncate BEFORE TRUNCATE ON risk_rule_versions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- One row per owning scope (`platform`, `reseller:<id>`, `merchant:<id>`), bumped in the same
-- transaction as any change of its rules or lists: intake's rule cache reloads a scope whose
-- row moved (docs/risk.md). The lists (0930) create the same table the same way.
CREATE TABLE IF NOT EXISTS risk_scope_versions (
  scope_key text PRIMARY KEY,
  version bigint NOT NULL,
  changed_at timestamptz NOT NULL
);
