-- Where the chain still holds `bo-ledger-1` links (issue 44, "verify a year of chain ≤ 120 s";
-- docs/money.md, "The chain and its seals"): only links written before migration 0951, so the
-- index stays as small as they are few. ledger:check asks it per segment of its walk, and walks a
-- segment without such links in a leaner way (its journals' digests alone, not their columns):
-- ledger/chain/segment-walk-sql.ts.
CREATE INDEX ledger_chain_first_format ON ledger_chain (entry_id) WHERE version = 1;
