import type { Db } from '../../server/src/db/db';
import { BENCH_GATEWAY } from './bench-db';

/** Gateways the history is spread over: the bench's own and nine copies of it. */
export const HISTORY_GATEWAYS = 10;
/** Days before the statement's day the history covers. */
export const HISTORY_DAYS = 90;

/** What sets one kind of bulk pay-ins apart: names, gateways and times. */
interface BulkPayins {
  /** Their order ids are this and their number. */
  readonly orderPrefix: string;
  /** Their gateway references: SQL of the number `g`. */
  readonly reference: string;
  /** The gateways (`gw`: id, and n from 0) they go to: SQL selecting them from `$4`. */
  readonly gateways: string;
  /** Which of `gw` the pay-in `g` goes to. */
  readonly gatewayOf: string;
  /** When pay-in `g` was created: SQL of `g` and the instant `$3`. */
  readonly at: string;
  /** Its parameters from `$5` on. */
  readonly params: readonly unknown[];
}

/**
 * Inserts pay-ins `first`..`last` of `what` in chunks across the bulk merchants' THB contracts,
 * each with its gateway reference: 90% success, 7% failed, 3% expired. Rows only (no
 * journal): matching reads these rows, not the ledger.
 */
async function insertBulkPayins(
  db: Db,
  count: number,
  from: Date,
  what: BulkPayins,
  log: (line: string) => void,
) {
  const chunk = 250_000;
  for (let first = 0; first < count; first += chunk) {
    const started = Date.now();
    const last = Math.min(count, first + chunk);
    await db.query(
      `WITH m AS (SELECT a.id, a.reseller_account_id, c.id AS contract_id,
                         row_number() OVER (ORDER BY a.account_db_code) - 1 AS n
                    FROM accounts a JOIN contracts c ON c.merchant_account_id = a.id AND c.currency = 'THB'
                   WHERE a.account_db_code LIKE 'BMR%'),
            k AS (SELECT count(*) AS n FROM m),
            gw AS (${what.gateways})
       INSERT INTO payins (id, merchant_account_id, reseller_account_id, order_id, currency, amount, fee,
                           net_amount, reseller_commission, platform_profit, gateway_cost, gateway_id,
                           contract_id, status, gateway_reference, created_at, updated_at, expires_at,
                           completed_at)
       SELECT gen_random_uuid(), m.id, m.reseller_account_id, '${what.orderPrefix}' || g, 'THB', x.amount,
              x.amount / 40, x.amount - x.amount / 40, x.amount / 100,
              x.amount / 40 - x.amount / 100 - x.amount / 200, x.amount / 200, gw.id, m.contract_id,
              x.status, ${what.reference}, x.at, x.at, x.at + interval '30 minutes',
              CASE WHEN x.status = 'success' THEN x.at + interval '20 seconds' END
         FROM generate_series($1::bigint, $2::bigint - 1) g
         CROSS JOIN k
         JOIN m ON m.n = g % k.n
         JOIN gw ON gw.n = ${what.gatewayOf}
         CROSS JOIN LATERAL (
           SELECT 1000 + (g * 104729) % 500000 AS amount,
                  CASE WHEN g % 100 < 90 THEN 'success' WHEN g % 100 < 97 THEN 'failed'
                       ELSE 'expired' END AS status,
                  ${what.at} AS at) x`,
      [first, last, from.toISOString(), BENCH_GATEWAY, ...what.params],
    );
    const rate = Math.round((last - first) / ((Date.now() - started) / 1000));
    log(`  ${what.orderPrefix}${last.toLocaleString('en')} (${rate.toLocaleString('en')}/s)`);
  }
  await db.query('VACUUM (ANALYZE) payins');
}

/** `count` pay-ins of the bench gateway spread over `day`: what its statement shows. */
export function addGatewayDay(
  db: Db,
  count: number,
  day: { from: Date },
  log: (line: string) => void,
): Promise<void> {
  return insertBulkPayins(
    db,
    count,
    day.from,
    {
      orderPrefix: 'recon-',
      reference: `'SBXREF' || lpad(g::text, 9, '0')`,
      gateways: `SELECT id, 0 AS n FROM payment_gateways WHERE payment_gateway_code = $4`,
      gatewayOf: '0',
      at: `$3::timestamptz + ((g * 2654435761) % 86000) * interval '1 second'`,
      params: [],
    },
    log,
  );
}

/**
 * `count` pay-ins of history beside the statement's day (issue 46: matching must cost the
 * same whatever `payins` holds): spread over HISTORY_GATEWAYS gateways (the bench's and
 * copies of it, made here) and the HISTORY_DAYS days before `day`, each with a gateway
 * reference and an order id no statement line names.
 */
export async function addReconHistory(
  db: Db,
  count: number,
  day: { from: Date },
  log: (line: string) => void,
): Promise<void> {
  await db.query(
    `INSERT INTO payment_gateways (payment_gateway_code, payment_gateway_name, payment_db_code,
                                   connector, currency, country, status)
     SELECT g.payment_gateway_code || '-H' || n, g.payment_gateway_name || ' H' || n,
            g.payment_db_code || '-H' || n, g.connector, g.currency, g.country, g.status
       FROM payment_gateways g CROSS JOIN generate_series(1, $2::int - 1) n
      WHERE g.payment_gateway_code = $1
     ON CONFLICT DO NOTHING`,
    [BENCH_GATEWAY, HISTORY_GATEWAYS],
  );
  await insertBulkPayins(
    db,
    count,
    day.from,
    {
      orderPrefix: 'hist-',
      reference: `'HISTREF' || lpad(g::text, 10, '0')`,
      gateways: `SELECT id, row_number() OVER (ORDER BY payment_gateway_code) - 1 AS n
                   FROM payment_gateways WHERE payment_gateway_code LIKE $4 || '%'`,
      gatewayOf: `(g / 7) % $5`,
      at: `$3::timestamptz - ((g * 2654435761) % ($6::bigint * 86400) + 1) * interval '1 second'`,
      params: [HISTORY_GATEWAYS, HISTORY_DAYS],
    },
    log,
  );
}
