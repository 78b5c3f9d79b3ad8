-- Account management (issue 11): the currencies an account works in, and the last sign-in of
-- an account read from its sessions without walking every session.
CREATE TABLE account_currencies (
  account_id uuid NOT NULL REFERENCES accounts (id),
  currency text NOT NULL,
  PRIMARY KEY (account_id, currency)
);

CREATE INDEX sessions_account_created_idx ON sessions (account_id, created_at DESC);

-- Lists of resellers and merchants: newest first per type, and a reseller's merchants.
CREATE INDEX accounts_type_created_idx ON accounts (account_type, created_at DESC, id)
  WHERE parent_account_id IS NULL;
