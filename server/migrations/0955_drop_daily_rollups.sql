-- Issue 46: list totals read the report rollups (0954) and ledger:check checks the dashboard's
-- and the gateways' rollups against the report rollups' UTC days, so nothing reads the daily
-- rollups any more; writing them with every batch of transitions was work for nothing.
DROP TABLE daily_rollups;
