-- All-time report rollups (issue 46): a list opened with no date range shows the totals of all
-- its rows, and read them from the month rows, a dozen a year per key: the first load grew with
-- the history kept (bench:growth). The fold job adds each closed bucket here in the same
-- statement as the day and month rows (ledger/report-folding.ts), so this always holds the day
-- rows summed over all time; `ledger:check` recomputes it. Every report zone holds the same
-- sums (a bucket folds into each); a reader picks one.
CREATE TABLE report_totals (
  zone text NOT NULL,
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
  PRIMARY KEY (zone, owner_account_id, currency, kind, status, gateway_code)
);

-- What is already folded, from the day rows (the buckets still open fold later).
INSERT INTO report_totals (zone, owner_account_id, currency, kind, status, gateway_code,
                           count, volume, fee, gateway_cost, reseller_commission, platform_profit)
SELECT zone, owner_account_id, currency, kind, status, gateway_code,
       sum(count), sum(volume), sum(fee), sum(gateway_cost), sum(reseller_commission), sum(platform_profit)
  FROM report_days GROUP BY 1, 2, 3, 4, 5, 6;
