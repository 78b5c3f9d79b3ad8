-- Report figures (issue 12). Reports group by day in a chosen time zone (spec section 2's list:
-- UTC and six country zones, India at +05:30), so figures are first written in 30-minute UTC
-- buckets, which every one of those zones' midnights falls on, and a job folds closed buckets
-- into one row per day of each zone. A reader sums the day rows and the buckets not yet folded
-- (the fold moves a bucket in one transaction, so every amount is in exactly one of the two).

-- Transactions by creation time, as daily_rollups, with the fee split: written in the same
-- transaction as every lifecycle change (ledger/report-rollups.ts).
CREATE TABLE report_halfhours (
  bucket timestamptz NOT NULL,
  owner_account_id uuid NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  gateway_code text NOT NULL DEFAULT '',
  slot smallint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  gateway_cost bigint NOT NULL DEFAULT 0,
  reseller_commission bigint NOT NULL DEFAULT 0,
  platform_profit bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, owner_account_id, currency, kind, status, gateway_code, slot)
);

CREATE TABLE report_days (
  zone text NOT NULL,
  day date NOT NULL,
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
  PRIMARY KEY (zone, owner_account_id, day, currency, kind, status, gateway_code)
);
-- The platform's reports read one zone's days across every tenant.
CREATE INDEX report_days_zone_day_idx ON report_days (zone, day);

-- Ledger movements by posting time: per ledger account and journal kind, credits (sum of the
-- positive entries), debits (sum of the negative ones, as a positive number) and entry count.
-- Written with the entries (ledger/postings.ts), `slot` spreading house accounts' writers.
CREATE TABLE movement_halfhours (
  bucket timestamptz NOT NULL,
  ledger_account_id uuid NOT NULL,
  kind text NOT NULL,
  slot smallint NOT NULL DEFAULT 0,
  credit bigint NOT NULL DEFAULT 0,
  debit bigint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, ledger_account_id, kind, slot)
);

CREATE TABLE movement_days (
  zone text NOT NULL,
  day date NOT NULL,
  ledger_account_id uuid NOT NULL,
  kind text NOT NULL,
  credit bigint NOT NULL DEFAULT 0,
  debit bigint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (zone, ledger_account_id, day, kind)
);
CREATE INDEX movement_days_zone_day_idx ON movement_days (zone, day);

-- Statements and ledgers list an account's entries over a period, and a balance at an instant
-- adds the entries of its (partial) UTC day: the account's entries in time order, and a block
-- range index on time for every account at once.
CREATE INDEX entries_account_time_idx ON entries (ledger_account_id, created_at, id);
DROP INDEX entries_account_idx;
CREATE INDEX entries_created_brin ON entries USING brin (created_at);

-- Databases made before this migration: their history goes in as buckets; the job folds them.
INSERT INTO report_halfhours (bucket, owner_account_id, currency, kind, status, gateway_code, slot,
                              count, volume, fee, gateway_cost, reseller_commission, platform_profit)
SELECT b, o, c, k, s, g, 0, count(*), sum(v), sum(f), sum(gc), sum(rc), sum(pp)
  FROM (
    SELECT date_bin('30 minutes', p.created_at, '2000-01-01T00:00:00Z') AS b, p.merchant_account_id AS o,
           p.currency AS c, 'payin' AS k, p.status AS s, coalesce(g.payment_gateway_code, '') AS g,
           p.amount AS v, p.fee AS f, p.gateway_cost AS gc, p.reseller_commission AS rc, p.platform_profit AS pp
      FROM payins p LEFT JOIN payment_gateways g ON g.id = p.gateway_id
    UNION ALL
    SELECT date_bin('30 minutes', p.created_at, '2000-01-01T00:00:00Z'), p.merchant_account_id, p.currency,
           'payout', p.status, coalesce(g.payment_gateway_code, ''),
           p.amount, p.fee, p.gateway_cost, p.reseller_commission, p.platform_profit
      FROM payouts p LEFT JOIN payment_gateways g ON g.id = p.gateway_id
    UNION ALL
    SELECT date_bin('30 minutes', s.created_at, '2000-01-01T00:00:00Z'), s.merchant_account_id, s.currency,
           CASE WHEN s.destination = 'usdt_wallet' THEN 'settlement_wallet' ELSE 'settlement' END, s.status, '',
           s.amount, s.fee, 0, s.reseller_commission, s.platform_profit
      FROM settlements s
    UNION ALL
    SELECT date_bin('30 minutes', w.created_at, '2000-01-01T00:00:00Z'), w.reseller_account_id, w.currency,
           'withdrawal', w.status, '', w.amount, 0, 0, 0, 0
      FROM withdrawals w
    UNION ALL
    SELECT date_bin('30 minutes', t.created_at, '2000-01-01T00:00:00Z'), t.merchant_account_id, t.currency,
           'top_up', t.status, '', t.amount, 0, 0, 0, 0
      FROM top_ups t
  ) x
 GROUP BY b, o, c, k, s, g;

INSERT INTO movement_halfhours (bucket, ledger_account_id, kind, slot, credit, debit, count)
SELECT date_bin('30 minutes', e.created_at, '2000-01-01T00:00:00Z'), e.ledger_account_id, j.kind, 0,
       coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0),
       coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0),
       count(*)
  FROM entries e JOIN journal j ON j.id = e.journal_id
 GROUP BY 1, 2, 3;
