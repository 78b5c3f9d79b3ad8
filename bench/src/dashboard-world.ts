import type { Db } from '../../server/src/db/db';
import { DASHBOARD_ZONES } from '../../server/src/ledger/dashboard-zones';
import { fillScopeRollupsSql } from '../../server/src/ledger/scope-rollups';
import { indexesOf, runBulk } from './bulk-indexes';
import { deriveBalances, openLaneAccounts } from './world-journals';

/**
 * The bulk path of the dashboard benchmark: a world of many merchants and millions of pay-ins
 * written with set-based SQL (not the lifecycle code, which would take hours at 10 million),
 * then its rollups and balances derived from those rows exactly as the lifecycle would have
 * left them. Only the read side is measured on it.
 */
export const EXTRA_RESELLERS = 20;
export const MERCHANTS_PER_RESELLER = 10;
export const WORLD_DAYS = 365;
const CURRENCIES = ['THB', 'MYR'] as const;

/** Adds resellers and merchants (not demo) with contracts in THB and MYR; the demo reseller gets ten of them. */
export async function addBulkAccounts(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO accounts (account_db_code, account_type, email, username, name, password_hash)
    SELECT 'BRS' || lpad(r::text, 5, '0'), 'reseller', 'brs' || r || '@bench.test', 'brs' || r, 'Bench Reseller ' || r, 'x'
      FROM generate_series(1, ${EXTRA_RESELLERS}) r;
    INSERT INTO accounts (account_db_code, account_type, email, username, name, password_hash, reseller_account_id)
    SELECT 'BMR' || lpad(m::text, 5, '0'), 'merchant', 'bmr' || m || '@bench.test', 'bmr' || m, 'Bench Merchant ' || m, 'x',
           CASE WHEN m <= ${MERCHANTS_PER_RESELLER}
                THEN (SELECT id FROM accounts WHERE account_db_code = 'RES00001')
                ELSE (SELECT id FROM accounts WHERE account_db_code = 'BRS' || lpad((((m - 1) / ${MERCHANTS_PER_RESELLER}) % ${EXTRA_RESELLERS} + 1)::text, 5, '0')) END
      FROM generate_series(1, ${EXTRA_RESELLERS * MERCHANTS_PER_RESELLER}) m;
    INSERT INTO contracts (merchant_account_id, currency, version, effective_from, payin_ppm, payin_fixed,
                           reseller_payin_ppm, payout_ppm, payout_fixed, settlement_ppm)
    SELECT a.id, c.currency, 1, '2020-01-01', 25000, 0, 15000, 10000, 500, 5000
      FROM accounts a CROSS JOIN (VALUES ${CURRENCIES.map((c) => `('${c}')`).join(', ')}) AS c(currency)
     WHERE a.account_db_code LIKE 'BMR%'
    ON CONFLICT DO NOTHING;
  `);
}

/** How the world is shaped, beyond its size. */
export interface WorldShape {
  /**
   * How many lanes the demo merchant MER00001 has in THB (default 5, as in MYR): each lane
   * takes an equal share of the pay-ins, so more lanes make a bigger merchant.
   */
  readonly bigMerchantThbLanes?: number;
  /**
   * Load the rows with the indexes of pay-ins, pay-outs and top-ups dropped, and build them
   * once at the end (`bulk-indexes.ts`): many times faster at millions of rows, for a bench
   * that reads the rollups rather than these tables' indexes.
   */
  readonly bulkLoad?: boolean;
  /**
   * How many days back the rows reach (default `WORLD_DAYS`): the growth bench spreads a
   * million pay-ins over 36.5 days and ten million over 365, the same traffic a day.
   */
  readonly days?: number;
  /**
   * How many pay-ins are still in flight (processing, created in the last 20 minutes): by
   * default one in a thousand of the world's. The growth bench keeps the same number at every
   * size, as a gateway of the same traffic a day would have.
   */
  readonly inFlight?: number;
}

/** The tables `insertPayins` writes. */
const ROW_TABLES = ['payins', 'payouts', 'top_ups'];

/**
 * Lanes pay-ins are spread over: every merchant with a THB or MYR contract and an active
 * gateway of that currency; the demo merchant MER00001 appears five times (a big merchant),
 * or `bigMerchantThbLanes` times in THB.
 */
async function createLanes(db: Db, shape: WorldShape): Promise<void> {
  const bigThb = Math.max(1, Math.floor(shape.bigMerchantThbLanes ?? 5));
  await db.exec(`
    DROP TABLE IF EXISTS bench_lanes;
    CREATE TABLE bench_lanes AS
    SELECT row_number() OVER (ORDER BY a.account_db_code, c.currency, w.n) - 1 AS lane,
           a.id AS merchant_id, a.reseller_account_id AS reseller_id, c.currency, c.id AS contract_id,
           g.id AS gateway_id, g.payment_gateway_code AS gateway_code
      FROM accounts a
      JOIN LATERAL (SELECT DISTINCT ON (currency) id, currency FROM contracts
                     WHERE merchant_account_id = a.id AND currency IN (${CURRENCIES.map((c) => `'${c}'`).join(', ')})
                     ORDER BY currency, version DESC) c ON TRUE
      JOIN LATERAL (SELECT id, payment_gateway_code FROM payment_gateways
                     WHERE currency = c.currency AND status = 'activated' ORDER BY payment_gateway_code LIMIT 1) g ON TRUE
      CROSS JOIN LATERAL generate_series(1, CASE WHEN a.account_db_code <> 'MER00001' THEN 1
                                                 WHEN c.currency = 'THB' THEN ${bigThb} ELSE 5 END) w(n)
     WHERE a.account_type = 'merchant' AND a.parent_account_id IS NULL;
    CREATE UNIQUE INDEX ON bench_lanes (lane);
  `);
}

/**
 * Inserts pay-ins numbered [from, to) spread over the last `seconds`: 90% success,
 * 7% failed, the rest expired; one in `inFlightEvery` is still processing, created in the
 * last 20 minutes. And one pay-out (one in ten of them failed)
 * per twenty pay-ins, paid from the pay-out balance: for each merchant and currency, an
 * approved top-up of what its pay-outs of the chunk reserve, an hour before the world begins.
 */
async function insertPayins(
  db: Db,
  from: number,
  to: number,
  lanes: number,
  seconds: number,
  inFlightEvery: number,
): Promise<void> {
  await db.query(
    `INSERT INTO payins (id, merchant_account_id, reseller_account_id, order_id, currency, amount, fee, net_amount,
                         reseller_commission, platform_profit, gateway_cost, gateway_id, contract_id, status,
                         created_at, updated_at, expires_at, completed_at)
     SELECT gen_random_uuid(), l.merchant_id, l.reseller_id, 'bench-' || g, l.currency, x.amount,
            x.amount / 40, x.amount - x.amount / 40, x.amount / 100, x.amount / 40 - x.amount / 100 - x.amount / 200, x.amount / 200,
            l.gateway_id, l.contract_id, x.status, x.at, x.at, x.at + interval '30 minutes',
            CASE WHEN x.status = 'success' THEN x.at + (g % 300) * interval '1 second' END
       FROM generate_series($1::bigint, $2::bigint - 1) g
       JOIN bench_lanes l ON l.lane = (g * 7919) % $3
       CROSS JOIN LATERAL (
         SELECT 1000 + (g * 104729) % 500000 AS amount,
                CASE WHEN g % $5 = $5 - 1 THEN 'processing' WHEN g % 100 < 90 THEN 'success'
                     WHEN g % 100 < 97 THEN 'failed' ELSE 'expired' END AS status,
                CASE WHEN g % $5 = $5 - 1 THEN now() - (g % 1200) * interval '1 second'
                     ELSE now() - ((g * 2654435761) % $4) * interval '1 second' END AS at) x`,
    [from, to, lanes, seconds, inFlightEvery],
  );
  await db.query(
    `WITH po AS (
     INSERT INTO payouts (id, merchant_account_id, reseller_account_id, order_id, currency, amount, fee,
                          reseller_commission, platform_profit, gateway_cost, gateway_id, contract_id, status,
                          bank_name, account_number, account_holder, created_at, updated_at, completed_at)
     SELECT gen_random_uuid(), l.merchant_id, l.reseller_id, 'bench-po-' || g, l.currency, 500 + (g * 7) % 100000, 500, 0, 500, 0,
            l.gateway_id, l.contract_id, CASE WHEN (g / 20) % 10 = 0 THEN 'failed' ELSE 'success' END,
            'Bench Bank', '000' || g, 'Bench', at, at, at
       FROM generate_series($1::bigint, $2::bigint - 1, 20) g
       JOIN bench_lanes l ON l.lane = (g * 7919) % $3
       CROSS JOIN LATERAL (SELECT now() - ((g * 2654435761) % $4) * interval '1 second' AS at) t
     RETURNING merchant_account_id, reseller_account_id, currency, amount, fee)
     INSERT INTO top_ups (id, merchant_account_id, reseller_account_id, currency, amount, status, note,
                          created_at, updated_at, decided_at)
     SELECT gen_random_uuid(), po.merchant_account_id, po.reseller_account_id, po.currency, sum(po.amount + po.fee),
            'approved', 'bench pre-funding', t.at, t.at, t.at
       FROM po CROSS JOIN (SELECT now() - ($4 + 3600) * interval '1 second' AS at) t
      GROUP BY 2, 3, 4, t.at`,
    [from, to, lanes, seconds],
  );
}

/** The dashboard's zones besides UTC, as an SQL row source `z(zone)`. */
const ZONES = `unnest(ARRAY[${DASHBOARD_ZONES.map((z) => `'${z}'`).join(', ')}]) AS z(zone)`;

/** Recomputes every rollup (the scope rows from slot 0) and balance from the rows, as the lifecycle code keeps them. */
async function deriveRollupsAndBalances(db: Db): Promise<void> {
  await db.exec(`
    TRUNCATE dashboard_rollups, chart_rollups, gateway_rollups;
    CREATE TEMP TABLE bench_tx ON COMMIT DROP AS
      -- Live writers spread each tenant's rows over eight slots and compaction folds them back
      -- into slot 0 every few seconds: the last ten minutes stay spread, as if not yet folded.
      SELECT p.merchant_account_id AS owner, p.currency, 'payin' AS kind, p.status, p.created_at, p.amount, p.fee,
             g.payment_gateway_code AS gw,
             (CASE WHEN p.created_at > now() - interval '10 minutes' THEN abs(hashtext(p.order_id)) % 8 ELSE 0 END)::smallint AS slot
        FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
      UNION ALL
      SELECT p.merchant_account_id, p.currency, 'payout', p.status, p.created_at, p.amount, p.fee,
             coalesce(g.payment_gateway_code, ''),
             (CASE WHEN p.created_at > now() - interval '10 minutes' THEN abs(hashtext(p.order_id)) % 8 ELSE 0 END)::smallint
        FROM payouts p LEFT JOIN payment_gateways g ON g.id = p.gateway_id
      UNION ALL
      SELECT merchant_account_id, currency, 'top_up', status, created_at, amount, 0, '', 0::smallint FROM top_ups;
    INSERT INTO dashboard_rollups (owner_account_id, currency, period, period_start, kind, status, slot, count, volume)
      SELECT owner, currency, 'day', (created_at AT TIME ZONE 'UTC')::date, kind, status, slot, count(*), sum(amount) FROM bench_tx GROUP BY 1, 2, 4, 5, 6, 7
      UNION ALL
      SELECT owner, currency, 'month', date_trunc('month', created_at AT TIME ZONE 'UTC')::date, kind, status, slot, count(*), sum(amount) FROM bench_tx GROUP BY 1, 2, 4, 5, 6, 7
      UNION ALL
      SELECT owner, currency, 'all', '1970-01-01'::date, kind, status, slot, count(*), sum(amount) FROM bench_tx GROUP BY 1, 2, 4, 5, 6, 7
      UNION ALL
      SELECT owner, currency, 'day@' || z.zone, (created_at AT TIME ZONE z.zone)::date, kind, status, slot, count(*), sum(amount)
        FROM bench_tx CROSS JOIN ${ZONES} GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT owner, currency, 'month@' || z.zone, date_trunc('month', created_at AT TIME ZONE z.zone)::date, kind, status, slot, count(*), sum(amount)
        FROM bench_tx CROSS JOIN ${ZONES} GROUP BY 1, 2, 3, 4, 5, 6, 7;
    INSERT INTO gateway_rollups (gateway_code, period, period_start, status, slot, count, volume)
      SELECT gw, 'day', (created_at AT TIME ZONE 'UTC')::date, status, slot, count(*), sum(amount) FROM bench_tx WHERE kind = 'payin' GROUP BY 1, 3, 4, 5
      UNION ALL
      SELECT gw, 'all', '1970-01-01'::date, status, slot, count(*), sum(amount) FROM bench_tx WHERE kind = 'payin' GROUP BY 1, 4, 5;
    INSERT INTO chart_rollups (owner_account_id, currency, kind, granularity, bucket, slot, count, volume)
      SELECT owner, currency, kind, 'hour', date_trunc('hour', created_at), slot, count(*), sum(amount) FROM bench_tx WHERE status = 'success' GROUP BY 1, 2, 3, 5, 6
      UNION ALL
      SELECT owner, currency, kind, 'half_hour', to_timestamp(floor(extract(epoch FROM created_at) / 1800) * 1800), slot, count(*), sum(amount)
        FROM bench_tx WHERE status = 'success' GROUP BY 1, 2, 3, 5, 6;
    ${fillScopeRollupsSql()}
  `);
  // Cached balances: what the journals of these rows add up to (see world-journals.ts).
  await openLaneAccounts(db);
  await deriveBalances(db);
}

/** Grows the world to `target` pay-ins (from what it has), in chunks, then derives its figures. */
export async function growWorld(
  db: Db,
  have: number,
  target: number,
  log: (line: string) => void,
  shape: WorldShape = {},
): Promise<void> {
  if (have === 0) await createLanes(db, shape);
  const { rows } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM bench_lanes');
  const lanes = Number(rows[0]!.n);
  const rebuild = shape.bulkLoad ? await indexesOf(db, ROW_TABLES, ROW_TABLES) : undefined;
  if (rebuild) await runBulk(db, rebuild.drop);
  const seconds = Math.round((shape.days ?? WORLD_DAYS) * 86_400);
  const inFlightEvery = shape.inFlight ? Math.max(1, Math.floor(target / shape.inFlight)) : 1000;
  const chunk = 500_000;
  for (let from = have; from < target; from += chunk) {
    const to = Math.min(target, from + chunk);
    const started = Date.now();
    await db.transaction((tx) => insertPayins(tx as Db, from, to, lanes, seconds, inFlightEvery));
    log(
      `  pay-ins ${to.toLocaleString('en')} (${Math.round((to - from) / ((Date.now() - started) / 1000)).toLocaleString('en')}/s)`,
    );
  }
  if (rebuild) {
    const started = Date.now();
    await runBulk(db, rebuild.create);
    log(
      `  indexes of ${ROW_TABLES.join(', ')} built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const started = Date.now();
  await db.transaction((tx) => deriveRollupsAndBalances(tx as Db));
  // What autovacuum would do in time; done now so it does not run during the measurements.
  await db.query('VACUUM (ANALYZE)');
  log(`  rollups and balances derived in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
