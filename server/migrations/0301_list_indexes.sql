-- Lists at scale (issue #10, DESIGN.md section 9): what the pay-in list (`/transactions`) and
-- its export need at ten million rows. A list's keys (ids in (created_at, id) order, newest
-- first) are read from one of these indexes alone, then the page's rows by id; counts per
-- status read a short range per status. `currency` rides along (INCLUDE) so the currency
-- filter is checked in the index too. Ingest pays for every index on every status change (a
-- change of status never updates in place), so this is the whole set: measured in
-- docs/api-conventions.md (Lists).
--
-- The tenant first: a merchant's pages walk its own range, a reseller's its merchants' ranges
-- merged; `id` completes the order, so ties on the instant need no sort.
DROP INDEX payins_merchant_created_idx;
CREATE INDEX payins_merchant_created_idx ON payins (merchant_account_id, created_at DESC, id DESC)
  INCLUDE (currency);
-- The admin's pages and the export of everything: the whole table in list order.
CREATE INDEX payins_created_idx ON payins (created_at DESC, id DESC) INCLUDE (currency);
-- The counts per status (the tabs, each capped at 10,000) and a status tab's pages: one range
-- per status, the whole table's for an admin, a merchant's own for a merchant or a reseller.
CREATE INDEX payins_status_created_idx ON payins (status, created_at DESC, id DESC)
  INCLUDE (currency);
CREATE INDEX payins_merchant_status_created_idx
  ON payins (merchant_account_id, status, created_at DESC, id DESC) INCLUDE (currency);
-- The search box: an order id (any merchant's, for an admin) or a gateway's reference.
CREATE INDEX payins_order_id_idx ON payins (order_id);
CREATE INDEX payins_gateway_reference_idx ON payins (gateway_reference)
  WHERE gateway_reference <> '';
