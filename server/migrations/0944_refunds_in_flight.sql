-- A refund's success takes its amount from its gateway's deposit, as a pay-out's does, so a
-- gateway's headroom for pay-outs (issue 43; docs/routing.md, "Pay-outs and the gateway's
-- deposit") counts the refunds in flight there too. A partial index of the `processing` rows
-- alone, with the amount in it, as 0941's for pay-outs: the sum is an index-only read of the
-- few refunds in flight, whatever the refunds' history.
CREATE INDEX refunds_in_flight_idx ON refunds (gateway_id) INCLUDE (amount)
  WHERE status = 'processing';
