-- Pay-outs and their gateway's deposit (issue 43): a pay-out goes to its gateway only when the
-- gateway's deposit balance, net of the pay-outs in flight there (`processing`), covers it;
-- else it waits in `queued_for_gateway` (no CHECK names statuses: 0933). What admission sums
-- per gateway, from the in-flight rows alone, and what the queue's release reads, oldest first.
CREATE INDEX payouts_in_flight_idx ON payouts (gateway_id) INCLUDE (amount, gateway_cost)
  WHERE status = 'processing';
CREATE INDEX payouts_queued_idx ON payouts (created_at, id) WHERE status = 'queued_for_gateway';
