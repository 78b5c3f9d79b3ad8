-- Administrator tools (issue 13): the history of USDT rate changes, and the admin log kept
-- whole (UPDATE and DELETE were already refused; TRUNCATE is now too).

-- Every change of a currency's USDT rate (usdt_rates keeps the one in force): who, when, from
-- what, to what and why. Appended in the transaction that changes the rate, never changed.
CREATE TABLE usdt_rate_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  currency text NOT NULL,
  previous_rate_e8 bigint CHECK (previous_rate_e8 > 0),
  rate_e8 bigint NOT NULL CHECK (rate_e8 > 0),
  reason text NOT NULL CHECK (reason <> ''),
  changed_by_account_id uuid REFERENCES accounts (id),
  changed_by_username text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usdt_rate_changes_created_idx ON usdt_rate_changes (created_at DESC, id DESC);
CREATE INDEX usdt_rate_changes_currency_idx ON usdt_rate_changes (currency, created_at DESC);

CREATE TRIGGER usdt_rate_changes_append_only BEFORE UPDATE OR DELETE ON usdt_rate_changes
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER usdt_rate_changes_no_truncate BEFORE TRUNCATE ON usdt_rate_changes
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER admin_logs_no_truncate BEFORE TRUNCATE ON admin_logs
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- The admin log's filters by target and by client address.
CREATE INDEX admin_logs_target_type_idx ON admin_logs (target_type, created_at DESC);
CREATE INDEX admin_logs_client_ip_idx ON admin_logs (client_ip text_pattern_ops, created_at DESC);
