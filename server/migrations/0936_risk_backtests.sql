-- Risk backtests (issue 42; docs/risk.md, "Backtests"): a rule's version run over the last 90
-- days of `risk_facts`, deciding each request as intake would have, changing nothing. The run
-- is chunked by day; each chunk moves `chunks_done` and the heartbeat, so any instance reads the
-- progress and a run whose heartbeat stopped reads as failed.
CREATE TABLE risk_backtests (
  id uuid PRIMARY KEY,
  rule_id uuid NOT NULL REFERENCES risk_rules (id),
  version int NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  window_from timestamptz NOT NULL,
  window_to timestamptz NOT NULL,
  chunks_total int NOT NULL,
  chunks_done int NOT NULL DEFAULT 0,
  scanned bigint NOT NULL DEFAULT 0,
  matched bigint NOT NULL DEFAULT 0,
  started_by text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text,
  result jsonb
);
CREATE INDEX risk_backtests_rule_idx ON risk_backtests (rule_id, started_at DESC);

-- The requests a backtest's rule would have matched (or erred on: then its `onError`).
CREATE TABLE risk_backtest_hits (
  backtest_id uuid NOT NULL REFERENCES risk_backtests (id) ON DELETE CASCADE,
  ref_id uuid NOT NULL,
  kind text NOT NULL,
  merchant_account_id uuid NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL,
  at timestamptz NOT NULL,
  action text NOT NULL,
  error boolean NOT NULL DEFAULT false,
  PRIMARY KEY (backtest_id, ref_id)
);

-- A backtest reads `risk_facts` by time through its BRIN index, which only helps once its page
-- ranges are summarised: ask autovacuum to summarise each range as it fills, not at its next
-- whole-table vacuum (PGlite runs none; its VACUUM FULL after the demo seed summarises).
ALTER INDEX risk_facts_at_brin SET (autosummarize = on);
