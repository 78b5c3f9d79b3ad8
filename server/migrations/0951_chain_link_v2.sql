-- The chain's check walks history by entry id, and links are written in a cheaper form
-- (issue 44, "verify a year of chain ≤ 120 s"; docs/money.md, "The chain and its seals").
--
-- One link per entry, kept by the database: the chainer could never write an entry twice, and a
-- link copied in behind the product's back needs this index dropped first, which ledger:check
-- names (ledger/chain/link-check.ts). The index is also the check's walk: it reads a range of
-- entry ids' links in the order the entries lie, beside the entries and their journals, instead
-- of one lookup per link.
CREATE UNIQUE INDEX ledger_chain_entry_key ON ledger_chain (entry_id);

-- Which text a link's hash covers: 1, `bo-ledger-1` (a JSON array of strings, every link written
-- before this migration); 2, `bo-ledger-2` (fixed-width binary fields and its journal's digest,
-- ledger/chain/chain-hash.ts). Old links keep their version and stay verifiable as they are. No
-- CHECK: it would read the whole chain at this migration; ledger:check names any other value.
ALTER TABLE ledger_chain ADD COLUMN version smallint NOT NULL DEFAULT 1;

-- The seals' heads by place: the check's walk finds, for each account of a segment, the range
-- of places a seal covered first, a few rows each (ledger/chain/link-check.ts, SEALED_RANGES).
CREATE INDEX seal_heads_account_seq ON seal_heads (ledger_account_id, seq);
