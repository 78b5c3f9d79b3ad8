-- A balance adjustment's report rollups now carry what it makes the platform earn, minus what it
-- credits its owner (a debit: plus what it takes), as its platform profit (its journal's entry on
-- platform_fees; modules/adjustments/adjustment-rollup.ts), so the profit reports count it as a
-- platform cost. Adjustments recorded before this change have a profit of 0 in their rollups: add
-- it in a correction row of slot 0 (a 30-minute bucket already folded is folded again by the job,
-- as any late write is). Their volume (the amount) is unchanged.
INSERT INTO report_halfhours (bucket, owner_account_id, currency, kind, status, gateway_code, slot,
                              count, volume, fee, gateway_cost, reseller_commission, platform_profit)
SELECT to_timestamp(floor(extract(epoch FROM a.created_at) / 1800) * 1800), a.owner_account_id,
       a.currency, 'adjustment', a.status, '', 0, 0, 0, 0, 0, 0,
       sum(CASE a.direction WHEN 'credit' THEN -a.amount ELSE a.amount END)::bigint
  FROM balance_adjustments a
 GROUP BY to_timestamp(floor(extract(epoch FROM a.created_at) / 1800) * 1800), a.owner_account_id,
          a.currency, a.status
ON CONFLICT (bucket, owner_account_id, currency, kind, status, gateway_code, slot) DO UPDATE
  SET platform_profit = report_halfhours.platform_profit + EXCLUDED.platform_profit;
