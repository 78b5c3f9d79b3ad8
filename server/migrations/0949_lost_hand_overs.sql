-- Pay-outs and refunds claimed for a hand-over whose gateway reference was never recorded
-- (issue 45: a server that stopped, or lost its database, between the claim and the gateway's
-- answer left them in `processing` for good). The money jobs ask their gateway about them once
-- two minutes old (`askAboutLostHandOvers`, money-wiring/lost-hand-overs.ts); these indexes hold
-- only rows in the middle of a hand-over or left so, so the job's read costs nothing as history
-- grows.
CREATE INDEX payouts_lost_hand_over_idx ON payouts (handing_over_at)
  WHERE status = 'processing' AND gateway_reference = '' AND handing_over_at IS NOT NULL;
CREATE INDEX refunds_lost_hand_over_idx ON refunds (handing_over_at)
  WHERE status = 'processing' AND gateway_reference = '' AND handing_over_at IS NOT NULL;
