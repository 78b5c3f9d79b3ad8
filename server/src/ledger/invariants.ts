import { DISPUTE_OPEN_STATUSES } from '@bo/contract';
import type { Queryable } from '../db/db';
import { REPORT_CHECKS } from './report-invariants';
import { SINGLE_JOURNAL_CHECKS, type LedgerCheck } from './single-journal-checks';
import { DASHBOARD_ZONES } from './dashboard-zones';
import { SCOPE_CHECKS } from './scope-rollups';

const zoneList = (zones: readonly string[]) => zones.map((z) => `'${z}'`).join(', ');

/**
 * The report rollups' figures by each of `zones`' days: the folded days and the 30-minute
 * buckets not folded yet (checked against the transaction tables by the report checks).
 * Columns zone, day, owner, currency, kind, status, gateway_code, n, v.
 */
const zonedFigures = (zones: readonly string[]) => `
  SELECT zone, day, owner_account_id AS owner, currency, kind, status, gateway_code, count AS n, volume AS v
    FROM report_days WHERE zone = ANY(ARRAY[${zoneList(zones)}])
  UNION ALL
  SELECT z.zone, (h.bucket AT TIME ZONE z.zone)::date, h.owner_account_id, h.currency, h.kind, h.status,
         h.gateway_code, h.count, h.volume
    FROM report_halfhours h
   CROSS JOIN unnest(ARRAY[${zoneList(zones)}]) AS z(zone)`;

const CHECKS: readonly LedgerCheck[] = [
  {
    name: 'unbalanced journal',
    sql: `SELECT journal_id, currency, sum(amount)::text AS total FROM entries
           GROUP BY journal_id, currency HAVING sum(amount) <> 0`,
    describe: (r) => `journal ${r.journal_id} sums to ${r.total} in ${r.currency}`,
  },
  {
    name: 'journal without entries',
    sql: `SELECT j.id FROM journal j WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.journal_id = j.id)`,
    describe: (r) => `journal ${r.id} has no entries`,
  },
  {
    name: 'orphan entry',
    sql: `SELECT e.id::text AS id FROM entries e
           WHERE NOT EXISTS (SELECT 1 FROM journal j WHERE j.id = e.journal_id)
              OR NOT EXISTS (SELECT 1 FROM ledger_accounts la WHERE la.id = e.ledger_account_id)`,
    describe: (r) => `entry ${r.id} names a journal or ledger account that does not exist`,
  },
  {
    name: 'pending credit out of place',
    // Cached accounts take only credits this way (debits fold under the lock); house accounts
    // take movements of either sign.
    sql: `SELECT c.id::text AS id FROM balance_credits c
           WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts la
                              WHERE la.id = c.ledger_account_id AND (c.amount > 0 OR NOT la.is_cached))`,
    describe: (r) => `pending credit ${r.id} names no ledger account, or debits a cached one`,
  },
  {
    name: 'entry currency differs from its account',
    sql: `SELECT e.id::text AS id FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
           WHERE la.currency <> e.currency`,
    describe: (r) => `entry ${r.id} is in another currency than its account`,
  },
  {
    name: 'cached balance drift',
    sql: `SELECT la.id, la.purpose, la.currency, (la.balance + coalesce(c.total, 0))::text AS cached,
                 coalesce(s.total, 0)::text AS derived
            FROM ledger_accounts la
            LEFT JOIN (SELECT ledger_account_id, sum(amount) AS total FROM entries GROUP BY 1) s
              ON s.ledger_account_id = la.id
            LEFT JOIN (SELECT ledger_account_id, sum(amount) AS total FROM balance_credits GROUP BY 1) c
              ON c.ledger_account_id = la.id
           WHERE la.balance + coalesce(c.total, 0) <> coalesce(s.total, 0)`,
    describe: (r) =>
      `${r.purpose} account ${r.id} (${r.currency}) caches ${r.cached} (balance plus pending credits) but its entries sum to ${r.derived}`,
  },
  {
    name: 'forbidden negative balance',
    sql: `SELECT la.id, la.purpose, la.currency, s.total::text AS total FROM ledger_accounts la
            JOIN (SELECT ledger_account_id, sum(amount) AS total FROM entries GROUP BY 1) s
              ON s.ledger_account_id = la.id
           WHERE NOT la.allows_negative AND s.total < 0`,
    describe: (r) => `${r.purpose} account ${r.id} (${r.currency}) is negative: ${r.total}`,
  },
  {
    name: 'held balance differs from open reservations',
    sql: `SELECT la.id, la.purpose, coalesce(s.total, 0)::text AS held, coalesce(o.total, 0)::text AS open
            FROM ledger_accounts la
            LEFT JOIN (SELECT ledger_account_id, sum(amount) AS total FROM entries GROUP BY 1) s
              ON s.ledger_account_id = la.id
            LEFT JOIN (SELECT r.held_account_id, sum(r.amount) AS total FROM reservations r
                        WHERE NOT EXISTS (SELECT 1 FROM reservation_resolutions x WHERE x.reservation_id = r.id)
                        GROUP BY 1) o ON o.held_account_id = la.id
           WHERE la.purpose IN ('reserved', 'payout_reserved', 'commission_reserved')
             AND coalesce(s.total, 0) <> coalesce(o.total, 0)`,
    describe: (r) =>
      `${r.purpose} account ${r.id} holds ${r.held} but open reservations total ${r.open}`,
  },
  {
    name: 'refunded more than the pay-in',
    sql: `SELECT p.id, p.amount::text AS amount, p.refunded_amount::text AS refunded,
                 coalesce(sum(f.amount) FILTER (WHERE f.status NOT IN ('failed', 'rejected')), 0)::text AS held
            FROM payins p JOIN refunds f ON f.payin_id = p.id
           GROUP BY p.id, p.amount, p.refunded_amount
          HAVING p.refunded_amount > p.amount
              OR coalesce(sum(f.amount) FILTER (WHERE f.status NOT IN ('failed', 'rejected')), 0) > p.amount`,
    describe: (r) =>
      `pay-in ${r.id} of ${r.amount} has ${r.refunded} refunded and ${r.held} held by its refunds`,
  },
  {
    name: 'refunded amount differs from succeeded refunds',
    sql: `SELECT p.id, p.refunded_amount::text AS refunded, coalesce(s.total, 0)::text AS succeeded
            FROM payins p
            LEFT JOIN (SELECT payin_id, sum(amount) AS total FROM refunds WHERE status = 'succeeded' GROUP BY 1) s
              ON s.payin_id = p.id
           WHERE p.refunded_amount <> coalesce(s.total, 0)`,
    describe: (r) =>
      `pay-in ${r.id} says ${r.refunded} refunded but its succeeded refunds total ${r.succeeded}`,
  },
  {
    name: 'dispute holds differ from open disputes',
    sql: `WITH held AS (
            SELECT la.owner_id, la.currency, sum(e.amount) AS total
              FROM ledger_accounts la JOIN entries e ON e.ledger_account_id = la.id
             WHERE la.purpose = 'disputed' GROUP BY 1, 2),
          open AS (
            SELECT merchant_account_id AS owner_id, currency, sum(amount + fee) AS total FROM disputes
             WHERE status IN (${DISPUTE_OPEN_STATUSES.map((s) => `'${s}'`).join(', ')}) GROUP BY 1, 2)
          SELECT coalesce(h.owner_id, o.owner_id) AS owner, coalesce(h.currency, o.currency) AS currency,
                 coalesce(h.total, 0)::text AS held, coalesce(o.total, 0)::text AS open
            FROM held h FULL JOIN open o ON o.owner_id = h.owner_id AND o.currency = h.currency
           WHERE coalesce(h.total, 0) <> coalesce(o.total, 0)`,
    describe: (r) =>
      `merchant ${r.owner} holds ${r.held} ${r.currency} for disputes but its open disputes total ${r.open}`,
  },
  {
    name: 'dispute shortfalls differ from what the merchants owe',
    // A hold takes what `available` lacks from `dispute_shortfall` (its row's `shortfall`); a
    // win repays it first, from the amount and the fee given back (disputes.service.ts).
    sql: `WITH booked AS (
            SELECT la.owner_id, la.currency, sum(e.amount) AS total
              FROM ledger_accounts la JOIN entries e ON e.ledger_account_id = la.id
             WHERE la.purpose = 'dispute_shortfall' GROUP BY 1, 2),
          owed AS (
            SELECT merchant_account_id AS owner_id, currency,
                   sum(CASE WHEN status = 'won' THEN least(shortfall, amount + fee_returned) ELSE 0 END
                       - shortfall) AS total
              FROM disputes WHERE shortfall > 0 GROUP BY 1, 2)
          SELECT coalesce(b.owner_id, o.owner_id) AS owner, coalesce(b.currency, o.currency) AS currency,
                 coalesce(b.total, 0)::text AS booked, coalesce(o.total, 0)::text AS owed
            FROM booked b FULL JOIN owed o ON o.owner_id = b.owner_id AND o.currency = b.currency
           WHERE coalesce(b.total, 0) <> coalesce(o.total, 0)`,
    describe: (r) =>
      `merchant ${r.owner}'s dispute shortfall account holds ${r.booked} ${r.currency} but its disputes leave ${r.owed}`,
  },
  {
    name: 'refunded and lost to disputes more than the pay-in',
    sql: `SELECT p.id, p.amount::text AS amount, p.refunded_amount::text AS refunded, l.total::text AS lost
            FROM payins p
            JOIN (SELECT payin_id, sum(amount) AS total FROM disputes WHERE status = 'lost' GROUP BY 1) l
              ON l.payin_id = p.id
           WHERE p.refunded_amount + l.total > p.amount`,
    describe: (r) =>
      `pay-in ${r.id} of ${r.amount} has ${r.refunded} refunded and ${r.lost} lost to disputes`,
  },
  {
    name: 'reconciliation differences differ from posted write-offs',
    // The reconciliation_difference accounts hold exactly the write-offs done (docs/reconciliation.md).
    sql: `WITH booked AS (
            SELECT la.currency, sum(e.amount) AS total
              FROM ledger_accounts la JOIN entries e ON e.ledger_account_id = la.id
             WHERE la.purpose = 'reconciliation_difference' GROUP BY 1),
          done AS (
            SELECT currency, sum(difference) AS total FROM recon_resolutions
             WHERE kind = 'write_off' AND status = 'done' GROUP BY 1)
          SELECT coalesce(b.currency, d.currency) AS currency, coalesce(b.total, 0)::text AS booked,
                 coalesce(d.total, 0)::text AS done
            FROM booked b FULL JOIN done d ON d.currency = b.currency
           WHERE coalesce(b.total, 0) <> coalesce(d.total, 0)`,
    describe: (r) =>
      `reconciliation differences in ${r.currency} hold ${r.booked} but the write-offs done total ${r.done}`,
  },
  {
    name: 'reconciliation progress differs from its runs and resolutions',
    // The dashboard's counts, kept as runs and resolutions are written (recon-progress.ts).
    sql: `WITH done AS (
            SELECT run_id, count(*) AS n FROM recon_resolutions WHERE status = 'done' GROUP BY 1),
          runs AS (
            SELECT r.id, r.difference_count, r.difference_count - coalesce(d.n, 0) AS unresolved
              FROM recon_runs r LEFT JOIN done d ON d.run_id = r.id),
          totals AS (
            SELECT (SELECT coalesce(sum(difference_count), 0) FROM runs) AS differences,
                   (SELECT coalesce(sum(n), 0) FROM done) AS resolved)
          SELECT 'the totals' AS what,
                 t.differences::text || ' differences, ' || t.resolved::text || ' resolved' AS rows,
                 p.differences::text || ' differences, ' || p.resolved::text || ' resolved' AS kept
            FROM recon_progress p, totals t
           WHERE p.differences <> t.differences OR p.resolved <> t.resolved
          UNION ALL
          SELECT 'run ' || coalesce(r.id, o.run_id)::text, coalesce(r.unresolved, 0)::text || ' open',
                 coalesce(o.unresolved, 0)::text || ' open'
            FROM (SELECT * FROM runs WHERE unresolved > 0) r
            FULL JOIN recon_open_runs o ON o.run_id = r.id
           WHERE coalesce(r.unresolved, 0) <> coalesce(o.unresolved, 0)`,
    describe: (r) => `${r.what}: the rows say ${r.rows}, the kept counts ${r.kept}`,
  },
  {
    name: 'dashboard rollup drift',
    // Day, month and all-time figures must each equal the report rollups' UTC days summed over
    // gateways and days; the other zones' days and months the report rollups' days of that zone.
    sql: `WITH daily AS (SELECT owner, currency, day, kind, status, sum(n)::bigint AS n, sum(v)::bigint AS v
                           FROM (${zonedFigures(['UTC'])}) f GROUP BY 1, 2, 3, 4, 5),
          zoned AS (${zonedFigures(DASHBOARD_ZONES)}),
          expected AS (
            SELECT owner, 'day' AS period, day AS start, currency, kind, status, n, v FROM daily
            UNION ALL
            SELECT owner, 'month', date_trunc('month', day)::date, currency, kind, status, sum(n)::bigint, sum(v)::bigint
              FROM daily GROUP BY 1, 3, 4, 5, 6
            UNION ALL
            SELECT owner, 'all', DATE '1970-01-01', currency, kind, status, sum(n)::bigint, sum(v)::bigint
              FROM daily GROUP BY 1, 4, 5, 6
            UNION ALL
            SELECT owner, 'day@' || zone, day, currency, kind, status, sum(n)::bigint, sum(v)::bigint
              FROM zoned GROUP BY 1, 2, 3, 4, 5, 6
            UNION ALL
            SELECT owner, 'month@' || zone, date_trunc('month', day)::date, currency, kind, status, sum(n)::bigint, sum(v)::bigint
              FROM zoned GROUP BY 1, 2, 3, 4, 5, 6),
          actual AS (SELECT owner_account_id AS owner, period, period_start AS start, currency, kind, status,
                            sum(count)::bigint AS n, sum(volume)::bigint AS v
                       FROM dashboard_rollups GROUP BY 1, 2, 3, 4, 5, 6)
          SELECT coalesce(e.owner, a.owner) AS owner, coalesce(e.period, a.period) AS period,
                 coalesce(e.start, a.start)::text AS start, coalesce(e.kind, a.kind) AS kind,
                 coalesce(e.status, a.status) AS status, concat_ws('/', e.n, e.v) AS expected,
                 concat_ws('/', a.n, a.v) AS actual
            FROM (SELECT * FROM expected WHERE n <> 0 OR v <> 0) e
            FULL JOIN (SELECT * FROM actual WHERE n <> 0 OR v <> 0) a
              ON a.owner = e.owner AND a.period = e.period AND a.start = e.start AND a.currency = e.currency
             AND a.kind = e.kind AND a.status = e.status
           WHERE e.n IS DISTINCT FROM a.n OR e.v IS DISTINCT FROM a.v`,
    describe: (r) =>
      `dashboard ${r.period} ${r.start} ${r.kind}/${r.status} of ${r.owner}: expected ${r.expected || 'none'}, found ${r.actual || 'none'}`,
  },
  {
    name: 'chart rollup drift',
    // Each granularity must hold exactly the successful pay-in and pay-out volume by creation time.
    sql: `WITH tx AS (SELECT merchant_account_id AS owner, currency, 'payin' AS kind, amount, created_at FROM payins WHERE status = 'success'
                      UNION ALL
                      SELECT merchant_account_id, currency, 'payout', amount, created_at FROM payouts WHERE status = 'success'),
          expected AS (
            SELECT owner, currency, kind, 'hour' AS granularity, date_trunc('hour', created_at) AS bucket, count(*) AS n, sum(amount)::bigint AS v
              FROM tx GROUP BY 1, 2, 3, 5
            UNION ALL
            SELECT owner, currency, kind, 'half_hour', to_timestamp(floor(extract(epoch FROM created_at) / 1800) * 1800), count(*), sum(amount)::bigint
              FROM tx GROUP BY 1, 2, 3, 5),
          actual AS (SELECT owner_account_id AS owner, currency, kind, granularity, bucket, sum(count)::bigint AS n, sum(volume)::bigint AS v
                       FROM chart_rollups GROUP BY 1, 2, 3, 4, 5 HAVING sum(count) <> 0 OR sum(volume) <> 0)
          SELECT coalesce(e.owner, a.owner) AS owner, coalesce(e.granularity, a.granularity) AS granularity,
                 coalesce(e.bucket, a.bucket)::text AS bucket, coalesce(e.kind, a.kind) AS kind,
                 concat_ws('/', e.n, e.v) AS expected, concat_ws('/', a.n, a.v) AS actual
            FROM expected e FULL JOIN actual a
              ON a.owner = e.owner AND a.currency = e.currency AND a.kind = e.kind
             AND a.granularity = e.granularity AND a.bucket = e.bucket
           WHERE e.n IS DISTINCT FROM a.n OR e.v IS DISTINCT FROM a.v`,
    describe: (r) =>
      `chart ${r.granularity} ${r.bucket} ${r.kind} of ${r.owner}: expected ${r.expected || 'none'}, found ${r.actual || 'none'}`,
  },
  {
    name: 'gateway rollup drift',
    // Each gateway's pay-ins by UTC day and all time: the report rollups' UTC days.
    sql: `WITH daily AS (SELECT * FROM (${zonedFigures(['UTC'])}) f WHERE kind = 'payin' AND gateway_code <> ''),
          expected AS (SELECT gateway_code, 'day' AS period, day AS start, status, sum(n)::bigint AS n, sum(v)::bigint AS v
                         FROM daily GROUP BY 1, 3, 4
                       UNION ALL
                       SELECT gateway_code, 'all', DATE '1970-01-01', status, sum(n)::bigint, sum(v)::bigint
                         FROM daily GROUP BY 1, 4),
          actual AS (SELECT gateway_code, period, period_start AS start, status, sum(count)::bigint AS n, sum(volume)::bigint AS v
                       FROM gateway_rollups GROUP BY 1, 2, 3, 4)
          SELECT coalesce(e.gateway_code, a.gateway_code) AS gateway, coalesce(e.period, a.period) AS period,
                 coalesce(e.start, a.start)::text AS start, coalesce(e.status, a.status) AS status,
                 concat_ws('/', e.n, e.v) AS expected, concat_ws('/', a.n, a.v) AS actual
            FROM (SELECT * FROM expected WHERE n <> 0 OR v <> 0) e
            FULL JOIN (SELECT * FROM actual WHERE n <> 0 OR v <> 0) a
              ON a.gateway_code = e.gateway_code AND a.period = e.period AND a.start = e.start AND a.status = e.status
           WHERE e.n IS DISTINCT FROM a.n OR e.v IS DISTINCT FROM a.v`,
    describe: (r) =>
      `gateway ${r.gateway} ${r.period} ${r.start} ${r.status}: expected ${r.expected || 'none'}, found ${r.actual || 'none'}`,
  },
];

/**
 * Recomputes every ledger invariant from the journal and the transaction tables and returns
 * one sentence per drift (empty when the books are clean): the checks above, each journal of a
 * kind that moves money once per row against its row (`SINGLE_JOURNAL_CHECKS`), the reports'.
 */
export async function findLedgerDrift(db: Queryable, limitPerCheck = 20): Promise<string[]> {
  const drift: string[] = [];
  for (const check of [...CHECKS, ...SCOPE_CHECKS, ...SINGLE_JOURNAL_CHECKS, ...REPORT_CHECKS]) {
    const { rows } = await db.query<Record<string, unknown>>(`${check.sql} LIMIT ${limitPerCheck}`);
    for (const r of rows) drift.push(`${check.name}: ${check.describe(r)}`);
  }
  return drift;
}
