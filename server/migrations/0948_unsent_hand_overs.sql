-- Pay-outs and refunds in `processing` that were never handed to their gateway (issue 45: a
-- server killed between the commit that moved one to `processing` and its hand-over left it
-- there for good; a pay-out with no gateway, paid by the team in-house, is not one of them).
-- The money jobs hand them over once they are half a minute old (`resumeUnsent`,
-- money-flow/gateway-send.ts); these indexes hold only such rows, so the sweep's read costs
-- nothing as history grows.
CREATE INDEX payouts_unsent_idx ON payouts (created_at)
  WHERE status = 'processing' AND gateway_reference = '' AND handing_over_at IS NULL
    AND gateway_id IS NOT NULL;
CREATE INDEX refunds_unsent_idx ON refunds (created_at)
  WHERE status = 'processing' AND gateway_reference = '' AND handing_over_at IS NULL
    AND gateway_id IS NOT NULL;
