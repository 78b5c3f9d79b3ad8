-- Dashboard figures, written in the same transaction as every lifecycle transition (with
-- daily_rollups), so the dashboard never scans transaction tables.

-- Per tenant, currency, kind and status, without the gateway dimension: for a UTC day, a UTC
-- month, and for all time ('all', period_start 1970-01-01: the pending counts), by the
-- transaction's creation time. `slot` spreads one tenant's concurrent writers.
CREATE TABLE dashboard_rollups (
  owner_account_id uuid NOT NULL,
  currency text NOT NULL,
  period text NOT NULL CHECK (period IN ('day', 'month', 'all')),
  period_start date NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  slot smallint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  -- Tenant first, then the period: one tenant's figures for a day are one index range.
  PRIMARY KEY (owner_account_id, period, period_start, currency, kind, status, slot)
);

-- The platform's and a reseller's dashboards read one period across many tenants. Counts and
-- volumes are left out of the index so their updates stay HOT (no index write per transition).
CREATE INDEX dashboard_rollups_period_idx ON dashboard_rollups (period, period_start, currency);

-- The chart's series: successful volume per tenant, currency and kind, by UTC hour, by
-- Malaysia day and by Malaysia month (the chart is drawn in Malaysia time, UTC+8).
CREATE TABLE chart_rollups (
  owner_account_id uuid NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  granularity text NOT NULL CHECK (granularity IN ('hour', 'myt_day', 'myt_month')),
  bucket timestamptz NOT NULL,
  slot smallint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_account_id, currency, kind, granularity, bucket, slot)
);

CREATE INDEX chart_rollups_bucket_idx ON chart_rollups (granularity, bucket, currency);

-- Per gateway: pay-in outcomes (count and volume by status), all time and per UTC day, for
-- its measured success rate without reading the per-tenant rows.
CREATE TABLE gateway_rollups (
  gateway_code text NOT NULL,
  period text NOT NULL CHECK (period IN ('day', 'all')),
  period_start date NOT NULL,
  status text NOT NULL,
  slot smallint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (gateway_code, period, period_start, status, slot)
);

-- Rollup compaction (ledger/rollup-compaction.ts) finds the tenants with slot rows to fold.
CREATE INDEX dashboard_rollups_slotted_idx ON dashboard_rollups (owner_account_id) WHERE slot > 0;
CREATE INDEX chart_rollups_slotted_idx ON chart_rollups (owner_account_id) WHERE slot > 0;
CREATE INDEX daily_rollups_slotted_idx ON daily_rollups (owner_account_id) WHERE slot > 0;
CREATE INDEX gateway_rollups_slotted_idx ON gateway_rollups (gateway_code) WHERE slot > 0;

-- The admin overview's "longest pending" and "last 10 processing times".
CREATE INDEX payins_pending_created_idx ON payins (created_at) WHERE status IN ('created', 'processing');
CREATE INDEX payins_completed_idx ON payins (currency, completed_at DESC) WHERE status = 'success';
CREATE INDEX payins_all_completed_idx ON payins (completed_at DESC) WHERE status = 'success';

-- House accounts now fold their movements into `balance` like cached accounts do (see
-- ledger/postings.ts); bring any balance kept before that up to the sum of its entries.
UPDATE ledger_accounts la
   SET balance = (SELECT coalesce(sum(e.amount), 0) FROM entries e WHERE e.ledger_account_id = la.id)
 WHERE NOT la.is_cached;
