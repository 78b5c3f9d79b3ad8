-- The contract lists show a version's refund fee (0830 added it to `contracts`): the view of
-- 0420 gains `refund_ppm` and `refund_fixed` (appended, as CREATE OR REPLACE VIEW requires).
CREATE OR REPLACE VIEW contract_versions AS
SELECT c.id, c.merchant_account_id, m.reseller_account_id, c.currency, c.gateway_id, c.version,
  c.effective_from, c.payin_ppm, c.payin_fixed, c.payin_min, c.payin_max, c.payout_ppm,
  c.payout_fixed, c.settlement_ppm, c.settlement_fixed, c.reseller_payin_ppm,
  c.reseller_payin_fixed, c.reseller_payout_ppm, c.reseller_payout_fixed,
  c.reseller_settlement_ppm, c.reseller_settlement_fixed, c.created_by, c.created_at,
  CASE
    WHEN c.effective_from > now() THEN 'scheduled'
    WHEN EXISTS (
      SELECT 1 FROM contracts n
       WHERE n.merchant_account_id = c.merchant_account_id AND n.currency = c.currency
         AND n.gateway_id IS NOT DISTINCT FROM c.gateway_id AND n.effective_from <= now()
         AND (n.effective_from > c.effective_from
           OR (n.effective_from = c.effective_from AND n.version > c.version))
    ) THEN 'superseded'
    ELSE 'in_force'
  END AS status,
  c.refund_ppm, c.refund_fixed
FROM contracts c JOIN accounts m ON m.id = c.merchant_account_id;
