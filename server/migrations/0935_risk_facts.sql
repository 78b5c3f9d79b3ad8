-- Risk controls (issue 42; docs/risk.md, "History"): one narrow row per request that intake
-- decided (a pay-in, a pay-out, a settlement, a withdrawal), written in the same statement or
-- transaction as the request itself and never updated. Velocity, first-seen and a customer's
-- outcome share are read from it; backtests replay it. Nothing at intake updates a row, so
-- many pay-ins of one merchant (or one customer) never queue on a counter.
--
-- Each key the request carried is kept as its 64-bit hash (the first 8 bytes of SHA-256 of
-- `key_type:canonical value`, the lists' `value_h`), null when it carried none; each key has a
-- partial index (key, time) that holds only the requests that carried it.
CREATE TABLE risk_facts (
  ref_id uuid NOT NULL,
  kind text NOT NULL,
  merchant_account_id uuid NOT NULL,
  reseller_account_id uuid,
  at timestamptz NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL,
  email_h bigint,
  customer_id_h bigint,
  customer_ip_h bigint,
  source_ip_h bigint,
  bank_account_h bigint,
  wallet_h bigint
);
CREATE INDEX risk_facts_email_idx ON risk_facts (email_h, at)
  INCLUDE (merchant_account_id, kind, currency, amount) WHERE email_h IS NOT NULL;
CREATE INDEX risk_facts_customer_id_idx ON risk_facts (customer_id_h, at)
  INCLUDE (merchant_account_id, kind, currency, amount) WHERE customer_id_h IS NOT NULL;
CREATE INDEX risk_facts_customer_ip_idx ON risk_facts (customer_ip_h, at)
  INCLUDE (merchant_account_id, kind, currency, amount) WHERE customer_ip_h IS NOT NULL;
CREATE INDEX risk_facts_source_ip_idx ON risk_facts (source_ip_h, at)
  INCLUDE (merchant_account_id, kind, currency, amount) WHERE source_ip_h IS NOT NULL;
CREATE INDEX risk_facts_bank_account_idx ON risk_facts (bank_account_h, at)
  INCLUDE (merchant_account_id, kind, currency, amount) WHERE bank_account_h IS NOT NULL;
CREATE INDEX risk_facts_wallet_idx ON risk_facts (wallet_h, at)
  INCLUDE (merchant_account_id, kind, currency, amount) WHERE wallet_h IS NOT NULL;
CREATE INDEX risk_facts_at_brin ON risk_facts USING brin (at);
