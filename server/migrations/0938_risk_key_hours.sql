-- Risk controls (issue 42; docs/risk.md, "History"): each key's requests per closed hour, so
-- a velocity window of days reads at most one row per hour of it (and the raw facts of its
-- first part-hour and of the hours not folded yet), however many requests a busy customer or
-- IP address made. Written only by the fold job (`foldRiskHours`, risk-fold.ts), which adds
-- the hours up to `risk_fold_state.folded_to` from `risk_facts`; intake never touches it, so
-- no pay-in waits on a counter row.
--
-- A row is one hour of one key's value, split by what velocity filters on: the merchant, the
-- request kind and the currency. `n` counts the requests, `total` sums their amounts (minor
-- units of `currency`).
CREATE TABLE risk_key_hours (
  key_type text NOT NULL,
  key_h bigint NOT NULL,
  hour timestamptz NOT NULL,
  merchant_account_id uuid NOT NULL,
  kind text NOT NULL,
  currency text NOT NULL,
  n integer NOT NULL,
  total numeric NOT NULL,
  PRIMARY KEY (key_type, key_h, hour, merchant_account_id, kind, currency) INCLUDE (n, total)
);

-- Where the fold has reached: every fact before `folded_to` (an hour boundary, UTC) is in
-- `risk_key_hours`, none after it. '-infinity' until the first fold: every read is raw.
CREATE TABLE risk_fold_state (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  folded_to timestamptz NOT NULL
);
INSERT INTO risk_fold_state (folded_to) VALUES ('-infinity');
