-- A sandbox gateway's behaviour gains two switches (issue 43, "The sandbox must make this
-- testable"): it may refuse every hand-over (an outage: a pay-in's, pay-out's or refund's start
-- fails, so routing's fallback at hand-over can be watched on the real part), and it may finish
-- its pay-ins by itself at its success rate, as SANDBOX_AUTO_PAY does for every gateway, so that
-- one gateway's traffic can be made to fail in a running world without a payer. Both off by
-- default; a column with a constant default is added without rewriting the table.
ALTER TABLE payment_gateways
  ADD COLUMN sandbox_refuses_hand_overs boolean NOT NULL DEFAULT false,
  ADD COLUMN sandbox_pays_alone boolean NOT NULL DEFAULT false;
