-- A merchant's settlement settings (/settlement-setting): the bank accounts its settlements
-- may go to and its USDT wallet address.

-- Saved bank accounts. Removal is soft (removed_at), so a removed account's row stays for the
-- admin log and for anyone tracing an old settlement (settlements copy the bank text anyway).
-- Among a merchant's live accounts at most one is the default (the service keeps exactly one).
CREATE TABLE settlement_bank_accounts (
  id uuid PRIMARY KEY,
  merchant_account_id uuid NOT NULL REFERENCES accounts (id),
  bank_name text NOT NULL CHECK (bank_name <> ''),
  account_number text NOT NULL CHECK (account_number <> ''),
  account_holder text NOT NULL CHECK (account_holder <> ''),
  -- The currency this account receives, when the merchant says so; null: any.
  currency text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX settlement_bank_accounts_merchant_idx
  ON settlement_bank_accounts (merchant_account_id, created_at) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX settlement_bank_accounts_one_default_idx
  ON settlement_bank_accounts (merchant_account_id) WHERE is_default AND removed_at IS NULL;
CREATE UNIQUE INDEX settlement_bank_accounts_unique_idx
  ON settlement_bank_accounts (merchant_account_id, bank_name, account_number)
  WHERE removed_at IS NULL;

-- The merchant's USDT wallet address (one per merchant), checked for its network's format.
CREATE TABLE settlement_wallets (
  merchant_account_id uuid PRIMARY KEY REFERENCES accounts (id),
  network text NOT NULL CHECK (network IN ('TRC-20', 'ERC-20')),
  address text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
