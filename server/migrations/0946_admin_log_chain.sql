-- The admin log chained as the ledger is (issue 44; docs/money.md, "The admin log's chain").
-- Each admin log row gets a number in the order its insert ran (a table rewrite, once: rows
-- already there are numbered as they lie), and a background job links the rows in that order,
-- after they commit, into one chain: each link's hash covers the row and the link before it
-- (ledger/chain/admin-log-chain.ts). The chain's head is kept with the ledger accounts' heads,
-- under a fixed id, so each daily seal's Merkle root covers it as one more leaf.
ALTER TABLE admin_logs ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX admin_logs_seq_key ON admin_logs (seq);

-- One link per admin log row: its place in the chain, the row's number, its hash.
CREATE TABLE admin_log_chain (
  seq bigint PRIMARY KEY,
  log_seq bigint NOT NULL,
  hash bytea NOT NULL
);

-- Where the admin log's chainer stands, as ledger_chain_progress does for the entries (0945).
CREATE TABLE admin_log_chain_progress (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  max_chained bigint NOT NULL DEFAULT 0,
  holes bigint[] NOT NULL DEFAULT '{}',
  low_water bigint NOT NULL DEFAULT 0,
  pending_max bigint NOT NULL DEFAULT 0,
  pending_xid xid8,
  chained bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO admin_log_chain_progress DEFAULT VALUES;

-- Every chain's links as a seal covers them: each ledger account's, and the admin log's under
-- its fixed id (ADMIN_LOG_CHAIN_ID in ledger/chain/chain-hash.ts). Read by the seals' check
-- and a statement's proof, which find a head's hash by (chain, seq).
CREATE VIEW chain_links AS
  SELECT ledger_account_id, seq, balance, hash FROM ledger_chain
  UNION ALL
  SELECT '00000000-0000-4000-8000-00000000ad10'::uuid, seq, 0::bigint, hash FROM admin_log_chain;

CREATE TRIGGER admin_log_chain_append_only BEFORE UPDATE OR DELETE ON admin_log_chain
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
