-- Money core: gateways, contracts, the double-entry ledger, rollups, and the transactions.
-- Amounts are integer minor units (bigint); percentages are integer parts per million.

CREATE TABLE payment_gateways (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_gateway_code text NOT NULL UNIQUE,
  payment_gateway_name text NOT NULL,
  payment_db_code text NOT NULL UNIQUE,
  connector text NOT NULL DEFAULT 'sandbox',
  currency text NOT NULL,
  country text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'activated' CHECK (status IN ('activated', 'inactive')),
  balance_limit bigint NOT NULL DEFAULT 0,
  payin_cost_ppm integer NOT NULL DEFAULT 0 CHECK (payin_cost_ppm BETWEEN 0 AND 1000000),
  payin_cost_fixed bigint NOT NULL DEFAULT 0 CHECK (payin_cost_fixed >= 0),
  payout_cost_ppm integer NOT NULL DEFAULT 0 CHECK (payout_cost_ppm BETWEEN 0 AND 1000000),
  payout_cost_fixed bigint NOT NULL DEFAULT 0 CHECK (payout_cost_fixed >= 0),
  -- Sandbox behaviour: share of pay-ins that succeed (ppm) and callback latency.
  sandbox_success_ppm integer NOT NULL DEFAULT 900000,
  sandbox_latency_ms integer NOT NULL DEFAULT 200,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_gateways_currency_idx ON payment_gateways (currency, status);

-- A merchant's prices in one currency (optionally for one gateway), versioned by effective date.
CREATE TABLE contracts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  currency text NOT NULL,
  gateway_id uuid REFERENCES payment_gateways (id),
  version integer NOT NULL,
  effective_from timestamptz NOT NULL,
  payin_ppm integer NOT NULL DEFAULT 0,
  payin_fixed bigint NOT NULL DEFAULT 0,
  payin_min bigint,
  payin_max bigint,
  payout_ppm integer NOT NULL DEFAULT 0,
  payout_fixed bigint NOT NULL DEFAULT 0,
  settlement_ppm integer NOT NULL DEFAULT 0,
  settlement_fixed bigint NOT NULL DEFAULT 0,
  reseller_payin_ppm integer NOT NULL DEFAULT 0,
  reseller_payin_fixed bigint NOT NULL DEFAULT 0,
  reseller_payout_ppm integer NOT NULL DEFAULT 0,
  reseller_payout_fixed bigint NOT NULL DEFAULT 0,
  reseller_settlement_ppm integer NOT NULL DEFAULT 0,
  reseller_settlement_fixed bigint NOT NULL DEFAULT 0,
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (payin_ppm BETWEEN 0 AND 1000000 AND payout_ppm BETWEEN 0 AND 1000000
    AND settlement_ppm BETWEEN 0 AND 1000000),
  UNIQUE (merchant_account_id, currency, gateway_id, version)
);
CREATE INDEX contracts_lookup_idx ON contracts (merchant_account_id, currency, effective_from DESC);

-- Fiat per 1 USDT (scaled by 1e8) used for settlements to the USDT wallet.
CREATE TABLE usdt_rates (
  currency text PRIMARY KEY,
  rate_e8 bigint NOT NULL CHECK (rate_e8 > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The ledger. owner_kind: account (merchant, reseller), gateway, platform (owner_id nil uuid).
CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_kind text NOT NULL CHECK (owner_kind IN ('account', 'gateway', 'platform')),
  owner_id uuid NOT NULL,
  currency text NOT NULL,
  purpose text NOT NULL,
  -- House accounts are never locked: their balance is derived from entries.
  is_cached boolean NOT NULL,
  allows_negative boolean NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_kind, owner_id, currency, purpose),
  CONSTRAINT ledger_accounts_no_overdraft CHECK (allows_negative OR balance >= 0)
);

-- Credits to cached accounts not yet folded into their balance. A credit never locks the
-- account row (pay-ins would queue on a merchant's balance); the next debit of the account, or
-- the fold job, deletes its pending credits and adds them to the balance under the row lock.
-- Invariant: balance + pending credits = sum of entries.
CREATE TABLE balance_credits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ledger_account_id uuid NOT NULL,
  -- Positive for cached accounts (their debits fold under a lock); either sign for house accounts.
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX balance_credits_account_idx ON balance_credits (ledger_account_id);

CREATE TABLE journal (
  id uuid PRIMARY KEY,
  -- The tenant (merchant or reseller) whose event this is.
  owner_account_id uuid NOT NULL,
  kind text NOT NULL,
  ref_type text NOT NULL,
  ref_id uuid NOT NULL,
  contract_id uuid,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_ref_idx ON journal (ref_id);
-- Few indexes on the append path: a transaction's journals are found by ref_id; the checks scan.

CREATE TABLE entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- No foreign keys on the hot append path (and none across tenants, for Citus):
  -- ledger:check finds an entry whose journal or account is missing.
  journal_id uuid NOT NULL,
  ledger_account_id uuid NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entries_account_idx ON entries (ledger_account_id);

CREATE TRIGGER journal_append_only BEFORE UPDATE OR DELETE ON journal
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER journal_no_truncate BEFORE TRUNCATE ON journal
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- Money held for money leaving: available -> reserved, then posted or voided, exactly once.
CREATE TABLE reservations (
  id uuid PRIMARY KEY,
  owner_account_id uuid NOT NULL,
  ref_type text NOT NULL,
  ref_id uuid NOT NULL UNIQUE,
  from_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  held_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  journal_id uuid NOT NULL REFERENCES journal (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservations_held_idx ON reservations (held_account_id);
-- A reservation resolves at most once: the primary key refuses a second resolution.
CREATE TABLE reservation_resolutions (
  reservation_id uuid PRIMARY KEY REFERENCES reservations (id),
  outcome text NOT NULL CHECK (outcome IN ('posted', 'voided')),
  journal_id uuid NOT NULL REFERENCES journal (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Dashboard figures: per tenant, currency, UTC day (of the transaction's creation), kind,
-- status and gateway; `slot` spreads concurrent writers of one tenant over several rows.
CREATE TABLE daily_rollups (
  owner_account_id uuid NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  gateway_code text NOT NULL DEFAULT '',
  slot smallint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_account_id, currency, day, kind, status, gateway_code, slot)
);
CREATE INDEX daily_rollups_day_idx ON daily_rollups (day, kind);

CREATE TABLE payins (
  id uuid PRIMARY KEY,
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  reseller_account_id uuid,
  order_id text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL,
  net_amount bigint NOT NULL,
  reseller_commission bigint NOT NULL,
  platform_profit bigint NOT NULL,
  gateway_cost bigint NOT NULL,
  gateway_id uuid NOT NULL,
  contract_id uuid NOT NULL,
  status text NOT NULL,
  gateway_reference text NOT NULL DEFAULT '',
  payment_url text NOT NULL DEFAULT '',
  notify_url text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (merchant_account_id, order_id)
);
CREATE INDEX payins_merchant_created_idx ON payins (merchant_account_id, created_at DESC);
CREATE INDEX payins_created_brin ON payins USING brin (created_at);
-- Open pay-ins (the expiry sweep) use payins_pending_created_idx of 0200: expiry = created + TTL.

CREATE TABLE payouts (
  id uuid PRIMARY KEY,
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  reseller_account_id uuid,
  order_id text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL,
  reseller_commission bigint NOT NULL,
  platform_profit bigint NOT NULL,
  gateway_cost bigint NOT NULL,
  gateway_id uuid REFERENCES payment_gateways (id),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  is_in_house boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  bank_name text NOT NULL,
  account_number text NOT NULL,
  account_holder text NOT NULL,
  gateway_reference text NOT NULL DEFAULT '',
  notify_url text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (merchant_account_id, order_id)
);
CREATE INDEX payouts_merchant_created_idx ON payouts (merchant_account_id, created_at DESC);
CREATE INDEX payouts_created_brin ON payouts USING brin (created_at);

CREATE TABLE settlements (
  id uuid PRIMARY KEY,
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  reseller_account_id uuid,
  destination text NOT NULL CHECK (destination IN ('bank', 'usdt_wallet')),
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL,
  reseller_commission bigint NOT NULL,
  platform_profit bigint NOT NULL,
  contract_id uuid NOT NULL REFERENCES contracts (id),
  usdt_rate_e8 bigint,
  usdt_amount bigint,
  status text NOT NULL,
  bank_name text NOT NULL DEFAULT '',
  account_number text NOT NULL DEFAULT '',
  account_holder text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  decided_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX settlements_merchant_created_idx ON settlements (merchant_account_id, created_at DESC);

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY,
  reseller_account_id uuid NOT NULL REFERENCES accounts (id),
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL,
  bank_name text NOT NULL,
  account_number text NOT NULL,
  account_holder text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX withdrawals_reseller_created_idx ON withdrawals (reseller_account_id, created_at DESC);

CREATE TABLE top_ups (
  id uuid PRIMARY KEY,
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  reseller_account_id uuid,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX top_ups_merchant_created_idx ON top_ups (merchant_account_id, created_at DESC);

-- Gateway callbacks seen, so a duplicate delivery changes nothing.
CREATE TABLE gateway_events (
  gateway_id uuid NOT NULL,
  event_id text NOT NULL,
  ref_id uuid NOT NULL,
  status text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway_id, event_id)
);
