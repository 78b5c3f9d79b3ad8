-- Coarser report rollups (issue 12, bench:reports): at ten million pay-ins a year of day rows is
-- too many to sum on each request. The fold job (ledger/report-folding.ts) writes each closed
-- 30-minute bucket into these in the same statement as the day rows, so they always hold what
-- the day rows hold, summed coarser; `ledger:check` recomputes them from the day rows.
--
-- Per month of each report zone (a month's first day): a period reads its whole months here,
-- its leading and trailing days from the day rows, and a balance at an instant sums the months
-- before the instant's month instead of every day since the first entry.
CREATE TABLE report_months (
  zone text NOT NULL,
  month date NOT NULL,
  owner_account_id uuid NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  gateway_code text NOT NULL DEFAULT '',
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  gateway_cost bigint NOT NULL DEFAULT 0,
  reseller_commission bigint NOT NULL DEFAULT 0,
  platform_profit bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (zone, owner_account_id, month, currency, kind, status, gateway_code)
);
CREATE INDEX report_months_zone_month_idx ON report_months (zone, month);

CREATE TABLE movement_months (
  zone text NOT NULL,
  month date NOT NULL,
  ledger_account_id uuid NOT NULL,
  kind text NOT NULL,
  credit bigint NOT NULL DEFAULT 0,
  debit bigint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (zone, ledger_account_id, month, kind)
);
CREATE INDEX movement_months_zone_month_idx ON movement_months (zone, month);

-- The platform's own days, every tenant summed: the admin's per-day reports (daily
-- transactions, daily earning) read a row per day, currency, kind, status and gateway here
-- instead of one per tenant.
CREATE TABLE report_platform_days (
  zone text NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  gateway_code text NOT NULL DEFAULT '',
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  gateway_cost bigint NOT NULL DEFAULT 0,
  reseller_commission bigint NOT NULL DEFAULT 0,
  platform_profit bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (zone, day, currency, kind, status, gateway_code)
);

-- What is already folded, derived from the day rows (the buckets still open fold later).
INSERT INTO report_months (zone, month, owner_account_id, currency, kind, status, gateway_code,
                           count, volume, fee, gateway_cost, reseller_commission, platform_profit)
SELECT zone, date_trunc('month', day)::date, owner_account_id, currency, kind, status, gateway_code,
       sum(count), sum(volume), sum(fee), sum(gateway_cost), sum(reseller_commission), sum(platform_profit)
  FROM report_days GROUP BY 1, 2, 3, 4, 5, 6, 7;

INSERT INTO report_platform_days (zone, day, currency, kind, status, gateway_code,
                                  count, volume, fee, gateway_cost, reseller_commission, platform_profit)
SELECT zone, day, currency, kind, status, gateway_code,
       sum(count), sum(volume), sum(fee), sum(gateway_cost), sum(reseller_commission), sum(platform_profit)
  FROM report_days GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO movement_months (zone, month, ledger_account_id, kind, credit, debit, count)
SELECT zone, date_trunc('month', day)::date, ledger_account_id, kind, sum(credit), sum(debit), sum(count)
  FROM movement_days GROUP BY 1, 2, 3, 4;
