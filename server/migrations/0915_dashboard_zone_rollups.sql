-- Issue 40: the dashboard counts its days (TD, YD, TM and the chart's points) in the zone the
-- time zone selector picks. `dashboard_rollups` keeps, beside its UTC 'day' and 'month' rows,
-- 'day@<zone>' and 'month@<zone>' rows for every other zone of the time zone choices
-- (`period_start` is the day or month in that zone). The chart reads its days and months from
-- them (the very rows of TD and YD) and its 1D hours from `chart_rollups` by UTC hour, or by
-- UTC half-hour in a zone a half hour off UTC (India, +05:30).
ALTER TABLE dashboard_rollups DROP CONSTRAINT dashboard_rollups_period_check;
ALTER TABLE dashboard_rollups ADD CONSTRAINT dashboard_rollups_period_check
  CHECK (period IN ('day', 'month', 'all') OR period ~ '^(day|month)@[A-Za-z_/]+$');

-- The Malaysia days and months move to the figures' rows; half-hours join the hours.
DELETE FROM chart_rollups WHERE granularity IN ('myt_day', 'myt_month');
ALTER TABLE chart_rollups DROP CONSTRAINT chart_rollups_granularity_check;
ALTER TABLE chart_rollups ADD CONSTRAINT chart_rollups_granularity_check
  CHECK (granularity IN ('hour', 'half_hour'));

-- The existing figures in every zone, from the report rollups (the same deltas, already kept in
-- each zone's days: folded days plus the 30-minute buckets not folded yet).
WITH zoned AS (
  SELECT zone, day, owner_account_id, currency, kind, status, count, volume
    FROM report_days
   WHERE zone IN ('Asia/Kuala_Lumpur', 'Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Asia/Bangkok',
                  'America/Sao_Paulo', 'Australia/Sydney')
  UNION ALL
  SELECT z.zone, (h.bucket AT TIME ZONE z.zone)::date, h.owner_account_id, h.currency, h.kind, h.status,
         h.count, h.volume
    FROM report_halfhours h
   CROSS JOIN unnest(ARRAY['Asia/Kuala_Lumpur', 'Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Asia/Bangkok',
                           'America/Sao_Paulo', 'Australia/Sydney']) AS z(zone)),
periods AS (
  SELECT owner_account_id, currency, 'day@' || zone AS period, day AS period_start, kind, status, count, volume
    FROM zoned
  UNION ALL
  SELECT owner_account_id, currency, 'month@' || zone, date_trunc('month', day)::date, kind, status, count, volume
    FROM zoned)
INSERT INTO dashboard_rollups (owner_account_id, currency, period, period_start, kind, status, slot, count, volume)
SELECT owner_account_id, currency, period, period_start, kind, status, 0, sum(count)::bigint, sum(volume)::bigint
  FROM periods
 GROUP BY owner_account_id, currency, period, period_start, kind, status
HAVING sum(count) <> 0 OR sum(volume) <> 0;

INSERT INTO chart_rollups (owner_account_id, currency, kind, granularity, bucket, slot, count, volume)
SELECT owner, currency, kind, 'half_hour', to_timestamp(floor(extract(epoch FROM created_at) / 1800) * 1800), 0,
       count(*), sum(amount)::bigint
  FROM (SELECT merchant_account_id AS owner, currency, 'payin' AS kind, amount, created_at FROM payins WHERE status = 'success'
        UNION ALL
        SELECT merchant_account_id, currency, 'payout', amount, created_at FROM payouts WHERE status = 'success') tx
 GROUP BY 1, 2, 3, 5;
