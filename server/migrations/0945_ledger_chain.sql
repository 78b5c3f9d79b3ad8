-- Provable books (issue 44; docs/money.md, "The chain and its seals"). Every ledger entry is
-- chained, per ledger account, to the one before it: its link's hash covers the entry, its
-- journal and the account's running balance, and the previous link's hash. A daily seal signs,
-- with the platform's Ed25519 key, the Merkle root of every account's head, so a change made
-- behind the product's back (the append-only trigger disabled, an old amount changed) is found
-- by the next `ledger:check`.
--
-- Entries are chained after they commit, by a background job (nothing is added to the append
-- path): in id order as they appear, and an entry whose transaction committed late (a hole the
-- job passed) by a later run (ledger/chain/chainer.ts).

-- One link per entry: its place in its account's chain, the account's balance after it, and
-- its hash (sha256 over the previous link's hash and the entry's content; ledger/chain/). One
-- index, the chain's order: links are read by account and place (the check, a statement); the
-- chainer, one at a time under the progress row's lock, never links an entry twice, and
-- ledger:check would name one that was.
CREATE TABLE ledger_chain (
  ledger_account_id uuid NOT NULL,
  seq bigint NOT NULL,
  entry_id bigint NOT NULL,
  balance bigint NOT NULL,
  hash bytea NOT NULL,
  PRIMARY KEY (ledger_account_id, seq)
);

-- Each account's last link: what the next one chains to, and what a seal covers.
CREATE TABLE ledger_chain_heads (
  ledger_account_id uuid PRIMARY KEY,
  seq bigint NOT NULL,
  balance bigint NOT NULL,
  hash bytea NOT NULL
);

-- Where the chainer stands. Every entry up to `max_chained` is chained but the `holes`: ids
-- not there when the chainer passed them (a transaction still running, or rolled back). Each
-- run looks the holes up again; once no transaction older than `pending_xid` runs, the holes up
-- to `pending_max` can never fill and are dropped, and `low_water` moves there (every entry up
-- to it is chained: what ledger:check holds the table to).
CREATE TABLE ledger_chain_progress (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  max_chained bigint NOT NULL DEFAULT 0,
  holes bigint[] NOT NULL DEFAULT '{}',
  low_water bigint NOT NULL DEFAULT 0,
  pending_max bigint NOT NULL DEFAULT 0,
  pending_xid xid8,
  chained bigint NOT NULL DEFAULT 0,
  -- The first day sealed is the one the chain started on: a day's history written before the
  -- chain ran (a seed's) is not a change to a sealed day.
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ledger_chain_progress DEFAULT VALUES;

-- The platform's signing keys. The private key is kept encrypted under SEAL_KEY_SECRET
-- (AES-256-GCM); a retired key stays, so the seals it signed stay verifiable.
CREATE TABLE seal_keys (
  id uuid PRIMARY KEY,
  public_key text NOT NULL,
  private_key_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE UNIQUE INDEX seal_keys_one_active ON seal_keys ((true)) WHERE retired_at IS NULL;

-- One seal per UTC day: the Merkle root of every account head once the chain had passed the
-- day's end, chained to the seal before it, signed.
CREATE TABLE ledger_seals (
  day date PRIMARY KEY,
  sealed_at timestamptz NOT NULL,
  heads integer NOT NULL,
  chained bigint NOT NULL,
  root bytea NOT NULL,
  previous_root bytea NOT NULL,
  key_id uuid NOT NULL REFERENCES seal_keys (id),
  signature bytea NOT NULL,
  -- Where its copy went (SEAL_COPY_EMAIL); null: no copy was asked for.
  copied_to text
);

-- The heads a seal covered that moved since the seal before (an account's head at a seal is
-- its latest row here on or before that day): a statement's proof is built from them.
CREATE TABLE seal_heads (
  day date NOT NULL REFERENCES ledger_seals (day),
  ledger_account_id uuid NOT NULL,
  seq bigint NOT NULL,
  PRIMARY KEY (ledger_account_id, day)
);

CREATE TRIGGER ledger_chain_append_only BEFORE UPDATE OR DELETE ON ledger_chain
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_seals_append_only BEFORE UPDATE OR DELETE ON ledger_seals
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER seal_heads_append_only BEFORE UPDATE OR DELETE ON seal_heads
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
