-- Issue 44, "verifying a year of chain ≤ 120 s": what a cheaper link text would save, measured
-- on a synthetic chain (1 M links, 100 accounts, 300,000 journals) with `psql -f` on an idle
-- database (it creates and keeps the tables lj, le, lc in the database it runs in: use a
-- scratch one). Each statement recomputes every link's hash as the check does (window for the
-- link before, entries and journal joined) and counts the mismatches; the times compare:
--   v1, today's JSON text (`bo-ledger-1`, chain-hash.ts `linkHash`);
--   v2, fixed-width binary fields (uuid_send, int8send, timestamptz_send, jsonb_send);
--   v2 with the journal's part hashed once per journal and its digest in each entry's link.
-- Figures of 7 December 2026 are in docs/plans/issue-44.md, point 4.
\timing on
DROP TABLE IF EXISTS lj, le, lc;
CREATE UNLOGGED TABLE lj AS SELECT gen_random_uuid() AS id, gen_random_uuid() AS owner_account_id, 'payin'::text AS kind, 'payin'::text AS ref_type,
  gen_random_uuid() AS ref_id, gen_random_uuid() AS contract_id, jsonb_build_object('fee', '12.50', 'rate', '0.025') AS details,
  now() - (g || ' seconds')::interval AS created_at, g AS n FROM generate_series(1, 300000) g;
CREATE TABLE le (id bigint PRIMARY KEY, journal_id uuid, ledger_account_id uuid, currency text, amount bigint, created_at timestamptz);
WITH accts AS (SELECT a, gen_random_uuid() AS id FROM generate_series(0, 99) a)
INSERT INTO le SELECT g, j.id, accts.id, 'THB', (random()*100000)::bigint + 1, j.created_at
  FROM generate_series(1, 1000000) g JOIN lj j ON j.n = (g % 300000) + 1 JOIN accts ON accts.a = g % 100;
CREATE TABLE lc (ledger_account_id uuid, seq bigint, entry_id bigint, balance bigint, hash bytea, PRIMARY KEY (ledger_account_id, seq));
INSERT INTO lc SELECT ledger_account_id, row_number() OVER (PARTITION BY ledger_account_id ORDER BY id), id, 0, sha256(id::text::bytea) FROM le;
VACUUM ANALYZE lj; VACUUM ANALYZE le; VACUUM ANALYZE lc;
SET max_parallel_workers_per_gather = 0;
SET work_mem = '64MB';
-- the walk alone: window and joins, no hash
SELECT count(*) FROM (
  SELECT l.*, e.id AS eid, j.kind FROM (SELECT c.*, lag(c.hash) OVER w AS ph, lag(c.seq) OVER w AS ps FROM lc c WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)) l
  LEFT JOIN le e ON e.id = l.entry_id LEFT JOIN lj j ON j.id = e.journal_id) x;
-- v2: binary fields
SELECT count(*) FILTER (WHERE h <> hash) FROM (
  SELECT l.hash, sha256('\x626f2d6c65646765722d32'::bytea || coalesce(l.ph, '\x'::bytea) || int8send(l.seq) || int8send(l.balance) || int8send(e.id)
  || uuid_send(e.journal_id) || uuid_send(e.ledger_account_id) || convert_to(e.currency, 'UTF8') || int8send(e.amount)
  || timestamptz_send(e.created_at) || convert_to(j.kind, 'UTF8') || convert_to(j.ref_type, 'UTF8')
  || uuid_send(j.ref_id) || uuid_send(j.owner_account_id) || coalesce(uuid_send(j.contract_id), '\x'::bytea) || jsonb_send(j.details)
  || timestamptz_send(j.created_at)) AS h
  FROM (SELECT c.*, lag(c.hash) OVER w AS ph FROM lc c WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)) l
  LEFT JOIN le e ON e.id = l.entry_id LEFT JOIN lj j ON j.id = e.journal_id) x;
-- v2: binary fields, the journal digested once per journal
SELECT count(*) FILTER (WHERE h <> hash) FROM (
  SELECT l.hash, sha256('\x626f2d6c65646765722d32'::bytea || coalesce(l.ph, '\x'::bytea) || int8send(l.seq) || int8send(l.balance) || int8send(e.id)
  || uuid_send(e.ledger_account_id) || convert_to(e.currency, 'UTF8') || int8send(e.amount)
  || timestamptz_send(e.created_at) || coalesce(j.digest, '\x'::bytea)) AS h
  FROM (SELECT c.*, lag(c.hash) OVER w AS ph FROM lc c WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)) l
  LEFT JOIN le e ON e.id = l.entry_id
  LEFT JOIN (SELECT id, sha256('\x6a'::bytea || uuid_send(id) || convert_to(kind, 'UTF8') || convert_to(ref_type, 'UTF8')
  || uuid_send(ref_id) || uuid_send(owner_account_id) || coalesce(uuid_send(contract_id), '\x'::bytea) || jsonb_send(details)
  || timestamptz_send(created_at)) AS digest FROM lj) j ON j.id = e.journal_id) x;
-- v1: the JSON text of bo-ledger-1
SELECT count(*) FILTER (WHERE h <> hash) FROM (
  SELECT l.hash, sha256(convert_to(array_to_json(ARRAY['bo-ledger-1', coalesce(encode(l.ph, 'hex'), ''), l.seq::text, l.balance::text, e.id::text, e.journal_id::text, e.ledger_account_id::text,
    e.currency, e.amount::text, (extract(epoch FROM e.created_at) * 1000000)::bigint::text, coalesce(j.kind, ''), coalesce(j.ref_type, ''), coalesce(j.ref_id::text, ''),
    coalesce(j.owner_account_id::text, ''), coalesce(j.contract_id::text, ''), coalesce(j.details::text, ''), coalesce((extract(epoch FROM j.created_at) * 1000000)::bigint::text, '')])::text, 'UTF8')) AS h
  FROM (SELECT c.*, lag(c.hash) OVER w AS ph FROM lc c WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)) l
  LEFT JOIN le e ON e.id = l.entry_id LEFT JOIN lj j ON j.id = e.journal_id) x;
