-- Issue 46: the platform's and each reseller's dashboard figures, summed over their top-level
-- merchants (ledger/scope-rollups.ts). scope_id is the reseller's account id, or the nil uuid
-- for the platform; is_demo is the merchant's, so a dashboard with demo data turned off reads
-- the false rows only. A scope row is the sum of its merchants' slot-0 rows: the compaction and
-- a writer of slot 0 add to both in one statement, and ledger:check holds them equal. A
-- migration that writes slot-0 rows of dashboard_rollups or chart_rollups from now on must add
-- the same sums here.
CREATE TABLE dashboard_scope_rollups (
  scope_id uuid NOT NULL,
  period text NOT NULL,
  period_start date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  is_demo boolean NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope_id, period, period_start, currency, kind, status, is_demo)
);

CREATE TABLE chart_scope_rollups (
  scope_id uuid NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  granularity text NOT NULL,
  bucket timestamptz NOT NULL,
  is_demo boolean NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope_id, currency, kind, granularity, bucket, is_demo)
);

INSERT INTO dashboard_scope_rollups (scope_id, period, period_start, currency, kind, status, is_demo, count, volume)
SELECT sc.scope_id, r.period, r.period_start, r.currency, r.kind, r.status, sa.is_demo, sum(r.count), sum(r.volume)
  FROM dashboard_rollups r
  JOIN accounts sa ON sa.id = r.owner_account_id AND sa.account_type = 'merchant' AND sa.parent_account_id IS NULL
 CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS scope_id
                     UNION ALL
                     SELECT sa.reseller_account_id WHERE sa.reseller_account_id IS NOT NULL) sc
 WHERE r.slot = 0
 GROUP BY 1, 2, 3, 4, 5, 6, 7
HAVING sum(r.count) <> 0 OR sum(r.volume) <> 0;

INSERT INTO chart_scope_rollups (scope_id, currency, kind, granularity, bucket, is_demo, count, volume)
SELECT sc.scope_id, r.currency, r.kind, r.granularity, r.bucket, sa.is_demo, sum(r.count), sum(r.volume)
  FROM chart_rollups r
  JOIN accounts sa ON sa.id = r.owner_account_id AND sa.account_type = 'merchant' AND sa.parent_account_id IS NULL
 CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS scope_id
                     UNION ALL
                     SELECT sa.reseller_account_id WHERE sa.reseller_account_id IS NOT NULL) sc
 WHERE r.slot = 0
 GROUP BY 1, 2, 3, 4, 5, 6
HAVING sum(r.count) <> 0 OR sum(r.volume) <> 0;

-- Their first readers plan with statistics, not guesses.
ANALYZE dashboard_scope_rollups;
ANALYZE chart_scope_rollups;
