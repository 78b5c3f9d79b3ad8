-- How many times each payment was handed to the sandbox gateway (issue 45, check 4: no pay-out
-- or refund is sent to a gateway twice). A first hand-over makes the row; each later one of the
-- same reference counts here, where a test or the chaos run can see it (it was silently
-- ignored before).
ALTER TABLE sandbox_payments ADD COLUMN hand_overs integer NOT NULL DEFAULT 1;

-- A pay-out or refund being handed to its gateway now (money-flow/gateway-send.ts): the
-- hand-over claims its row first, so two at once (a merchant's retry answered from its key while
-- the first hand-over is still at the gateway) send it once. Cleared when the gateway refuses
-- it (the fallback may hand it to another); a reference recorded ends the hand-over for good.
ALTER TABLE payouts ADD COLUMN handing_over_at timestamptz;
ALTER TABLE refunds ADD COLUMN handing_over_at timestamptz;
