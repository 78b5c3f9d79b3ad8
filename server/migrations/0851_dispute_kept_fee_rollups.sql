-- A dispute's rollup fee (and gateway cost) is now net of the fee the gateway gave back on a win,
-- `fee − fee_returned` as a refund's (ledger/rollup-sources.ts), so the profit and transaction
-- reports count the fee the gateway kept on a won dispute (docs/money.md, Disputes). Disputes won
-- with their fee given back before this change still count that fee in their rollups: take it off
-- in a correction row of slot 0 (a 30-minute bucket already folded is folded again by the job, as
-- any late write is).
INSERT INTO daily_rollups (owner_account_id, currency, day, kind, status, gateway_code, slot,
                           count, volume, fee)
SELECT d.merchant_account_id, d.currency, (d.created_at AT TIME ZONE 'UTC')::date, 'dispute', 'won',
       g.payment_gateway_code, 0, 0, 0, -sum(d.fee_returned)::bigint
  FROM disputes d JOIN payment_gateways g ON g.id = d.gateway_id
 WHERE d.status = 'won' AND d.fee_returned <> 0
 GROUP BY d.merchant_account_id, d.currency, (d.created_at AT TIME ZONE 'UTC')::date,
          g.payment_gateway_code
ON CONFLICT (owner_account_id, currency, day, kind, status, gateway_code, slot) DO UPDATE
  SET fee = daily_rollups.fee + EXCLUDED.fee;

INSERT INTO report_halfhours (bucket, owner_account_id, currency, kind, status, gateway_code, slot,
                              count, volume, fee, gateway_cost, reseller_commission, platform_profit)
SELECT to_timestamp(floor(extract(epoch FROM d.created_at) / 1800) * 1800), d.merchant_account_id,
       d.currency, 'dispute', 'won', g.payment_gateway_code, 0, 0, 0, -sum(d.fee_returned)::bigint,
       -sum(d.fee_returned)::bigint, 0, 0
  FROM disputes d JOIN payment_gateways g ON g.id = d.gateway_id
 WHERE d.status = 'won' AND d.fee_returned <> 0
 GROUP BY to_timestamp(floor(extract(epoch FROM d.created_at) / 1800) * 1800),
          d.merchant_account_id, d.currency, g.payment_gateway_code
ON CONFLICT (bucket, owner_account_id, currency, kind, status, gateway_code, slot) DO UPDATE
  SET fee = report_halfhours.fee + EXCLUDED.fee,
      gateway_cost = report_halfhours.gateway_cost + EXCLUDED.gateway_cost;
