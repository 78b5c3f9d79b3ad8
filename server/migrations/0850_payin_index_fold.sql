-- The merchant API's pay-in rate (issue 24): a pay-in is written three times (created, then
-- processing, then its result) and a status change is never a HOT update, so every index of
-- `payins` takes an entry each time. Four indexes that served what others serve as well go:
--
-- * `payins_order_id_idx` (order_id): the order-id key now leads with the order id, so the
--   one unique index serves the search across merchants, the merchant's own look-up and the
--   key's check alike (ON CONFLICT names the columns, in any order).
-- * `payins_created_brin`: every range read by creation time has `payins_created_idx`.
-- * `payins_gateway_pending_idx`: the open pay-ins' index carries the gateway (INCLUDE), so
--   the expiry sweep (oldest first) and the gateway-health count of open pay-ins share it.
-- * one of the two indexes of successes by completion time: the dashboard's last successes,
--   with or without a currency, read one that carries the currency (INCLUDE).
ALTER TABLE payins DROP CONSTRAINT payins_merchant_account_id_order_id_key;
ALTER TABLE payins ADD CONSTRAINT payins_order_id_merchant_key UNIQUE (order_id, merchant_account_id);
DROP INDEX payins_order_id_idx;

DROP INDEX payins_created_brin;

DROP INDEX payins_gateway_pending_idx;
DROP INDEX payins_pending_created_idx;
CREATE INDEX payins_pending_created_idx ON payins (created_at) INCLUDE (gateway_id)
  WHERE status IN ('created', 'processing');

DROP INDEX payins_completed_idx;
DROP INDEX payins_all_completed_idx;
CREATE INDEX payins_completed_idx ON payins (completed_at DESC) INCLUDE (currency)
  WHERE status = 'success';
