-- Refund and dispute lists count each status tab (up to the list's count cap) and filter by
-- status: without a status index each count read the whole table for a rare status (1.1 s at a
-- million refunds, bench:refunds). The same three shapes the pay-ins have: all, a merchant's,
-- a reseller's.
CREATE INDEX refunds_status_created_idx ON refunds (status, created_at DESC, id DESC);
CREATE INDEX refunds_merchant_status_created_idx
  ON refunds (merchant_account_id, status, created_at DESC, id DESC);
CREATE INDEX refunds_reseller_status_created_idx
  ON refunds (reseller_account_id, status, created_at DESC, id DESC);
CREATE INDEX disputes_status_created_idx ON disputes (status, created_at DESC, id DESC);
CREATE INDEX disputes_merchant_status_created_idx
  ON disputes (merchant_account_id, status, created_at DESC, id DESC);
CREATE INDEX disputes_reseller_status_created_idx
  ON disputes (reseller_account_id, status, created_at DESC, id DESC);
-- Their search boxes match these exactly (the pay-in's order id goes through the pay-ins').
CREATE INDEX refunds_gateway_reference_idx ON refunds (gateway_reference);
CREATE INDEX refunds_merchant_refund_id_search_idx ON refunds (merchant_refund_id);
CREATE INDEX disputes_gateway_reference_idx ON disputes (gateway_reference);
