-- Risk controls (issue 42): what intake decided about a new pay-in, pay-out, settlement or
-- withdrawal, kept with the item (its timeline, the review queue, the rule reports). Written in
-- the same statement or transaction as the item; never updated. No foreign keys: they are
-- written on the pay-in hot path, and `ref_id` names a row of the table its `kind` says.
--
-- One decision per item that any rule matched (an item no rule matched has none: the usual
-- case writes nothing here). `outcome`: allow (a rule matched and let it through, or only
-- shadow rules matched), review (held: `min_approvals` distinct reviewers), block.
CREATE TABLE risk_decisions (
  ref_id uuid PRIMARY KEY,
  kind text NOT NULL,
  merchant_account_id uuid,
  reseller_account_id uuid,
  outcome text NOT NULL CHECK (outcome IN ('allow', 'review', 'block')),
  min_approvals integer NOT NULL DEFAULT 1 CHECK (min_approvals BETWEEN 1 AND 3),
  at timestamptz NOT NULL
);

-- Each rule that matched an item, active or shadow, with the version that matched and the
-- values it saw (`seen`: the amount, the count over the window, the list that held the key...):
-- what the timeline shows and the per-rule report counts. `error`: the rule failed to evaluate
-- and took its `on_error` action.
CREATE TABLE risk_matches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ref_id uuid NOT NULL,
  kind text NOT NULL,
  merchant_account_id uuid,
  reseller_account_id uuid,
  rule_id uuid NOT NULL,
  rule_version integer NOT NULL,
  mode text NOT NULL CHECK (mode IN ('active', 'shadow')),
  action text NOT NULL CHECK (action IN ('allow', 'review', 'block')),
  error boolean NOT NULL DEFAULT false,
  seen jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX risk_matches_ref_idx ON risk_matches (ref_id);
CREATE INDEX risk_matches_rule_at_idx ON risk_matches (rule_id, at);

CREATE TRIGGER risk_decisions_append_only BEFORE UPDATE OR DELETE ON risk_decisions
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER risk_matches_append_only BEFORE UPDATE OR DELETE ON risk_matches
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
