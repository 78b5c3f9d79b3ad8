import { coarserFromDaysSql, FOLD_SOURCES, foldedKeyOf, REPORT_ZONES } from './report-folding';
import { rollupSourcesSql } from './rollup-sources';

/**
 * Transactions with their fee split in 30-minute buckets of their creation, as written (built
 * on use: the kinds' rollup sources are registered at start).
 */
const expectedBuckets = () => `
  SELECT period AS bucket, owner, currency, kind, status, gateway_code, n, v, f, gc, rc, pp
    FROM (${rollupSourcesSql(`date_bin('30 minutes', t.created_at, '2000-01-01T00:00:00Z')`)}) s`;

const zones = `unnest(ARRAY[${REPORT_ZONES.map((z) => `'${z}'`).join(', ')}]::text[]) AS z(zone)`;

interface ReportCheck {
  name: string;
  sql: string;
  describe: (r: Record<string, unknown>) => string;
}

/** Each coarser rollup (months, the platform's days, all time) equals its day rows summed coarser. */
const COARSER_CHECKS: ReportCheck[] = FOLD_SOURCES.flatMap((source) =>
  source.coarser.map((t) => {
    const key = foldedKeyOf(t);
    const sums = source.sums.join(', ');
    const row = (alias: string) => source.sums.map((s) => `${alias}.${s}`).join(', ');
    return {
      name: `${t.table} drift`,
      sql: `WITH expected AS (${coarserFromDaysSql(source, t)}),
                 actual AS (SELECT ${key.join(', ')}, ${sums} FROM ${t.table})
            SELECT ${key.map((k) => `coalesce(e.${k}, a.${k})::text AS ${k}`).join(', ')},
                   concat_ws('/', ${row('e')}) AS expected, concat_ws('/', ${row('a')}) AS actual
              FROM expected e FULL JOIN actual a ON ${key.map((k) => `a.${k} = e.${k}`).join(' AND ')}
             WHERE (${row('e')}) IS DISTINCT FROM (${row('a')})`,
      describe: (r: Record<string, unknown>) =>
        `${t.table} ${key.map((k) => r[k]).join(' ')}: expected ${r.expected || 'none'} from ${source.days.table}, found ${r.actual || 'none'}`,
    };
  }),
);

/**
 * The report checks of `ledger:check`: in every report zone, each day's figures (day rows plus
 * the buckets not yet folded) equal the transaction tables, each day's movements per ledger
 * account and journal kind equal the entries, and the coarser rollups equal the day rows.
 */
export const REPORT_CHECKS: readonly ReportCheck[] = [
  {
    name: 'report rollup drift',
    // Built on use: the kinds' rollup sources are registered at start.
    get sql() {
      return `WITH buckets AS (${expectedBuckets()}),
          expected AS (SELECT z.zone, (b.bucket AT TIME ZONE z.zone)::date AS day, owner, currency, kind, status, gateway_code,
                              sum(n)::bigint AS n, sum(v)::bigint AS v, sum(f)::bigint AS f, sum(gc)::bigint AS gc,
                              sum(rc)::bigint AS rc, sum(pp)::bigint AS pp
                         FROM buckets b CROSS JOIN ${zones} GROUP BY 1, 2, 3, 4, 5, 6, 7),
          written AS (SELECT zone, day, owner_account_id AS owner, currency, kind, status, gateway_code,
                             count AS n, volume AS v, fee AS f, gateway_cost AS gc, reseller_commission AS rc, platform_profit AS pp
                        FROM report_days
                      UNION ALL
                      SELECT z.zone, (h.bucket AT TIME ZONE z.zone)::date, owner_account_id, currency, kind, status, gateway_code,
                             count, volume, fee, gateway_cost, reseller_commission, platform_profit
                        FROM report_halfhours h CROSS JOIN ${zones}),
          actual AS (SELECT zone, day, owner, currency, kind, status, gateway_code, sum(n)::bigint AS n, sum(v)::bigint AS v,
                            sum(f)::bigint AS f, sum(gc)::bigint AS gc, sum(rc)::bigint AS rc, sum(pp)::bigint AS pp
                       FROM written GROUP BY 1, 2, 3, 4, 5, 6, 7
                     HAVING sum(n) <> 0 OR sum(v) <> 0 OR sum(f) <> 0 OR sum(gc) <> 0 OR sum(rc) <> 0 OR sum(pp) <> 0)
          SELECT coalesce(e.zone, a.zone) AS zone, coalesce(e.day, a.day)::text AS day, coalesce(e.owner, a.owner) AS owner,
                 coalesce(e.kind, a.kind) AS kind, coalesce(e.status, a.status) AS status,
                 concat_ws('/', e.n, e.v, e.f, e.gc, e.rc, e.pp) AS expected,
                 concat_ws('/', a.n, a.v, a.f, a.gc, a.rc, a.pp) AS actual
            FROM expected e FULL JOIN actual a
              ON a.zone = e.zone AND a.day = e.day AND a.owner = e.owner AND a.currency = e.currency
             AND a.kind = e.kind AND a.status = e.status AND a.gateway_code = e.gateway_code
           WHERE (e.n, e.v, e.f, e.gc, e.rc, e.pp) IS DISTINCT FROM (a.n, a.v, a.f, a.gc, a.rc, a.pp)`;
    },
    describe: (r) =>
      `report ${r.zone} ${r.day} ${r.kind}/${r.status} of ${r.owner}: expected ${r.expected || 'none'}, found ${r.actual || 'none'}`,
  },
  {
    name: 'movement rollup drift',
    sql: `WITH buckets AS (SELECT date_bin('30 minutes', e.created_at, '2000-01-01T00:00:00Z') AS bucket,
                                 e.ledger_account_id AS account, j.kind,
                                 coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::bigint AS c,
                                 coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::bigint AS d, count(*)::bigint AS n
                            FROM entries e JOIN journal j ON j.id = e.journal_id GROUP BY 1, 2, 3),
          expected AS (SELECT z.zone, (b.bucket AT TIME ZONE z.zone)::date AS day, account, kind,
                              sum(c)::bigint AS c, sum(d)::bigint AS d, sum(n)::bigint AS n
                         FROM buckets b CROSS JOIN ${zones} GROUP BY 1, 2, 3, 4),
          written AS (SELECT zone, day, ledger_account_id AS account, kind, credit AS c, debit AS d, count AS n FROM movement_days
                      UNION ALL
                      SELECT z.zone, (h.bucket AT TIME ZONE z.zone)::date, ledger_account_id, kind, credit, debit, count
                        FROM movement_halfhours h CROSS JOIN ${zones}),
          actual AS (SELECT zone, day, account, kind, sum(c)::bigint AS c, sum(d)::bigint AS d, sum(n)::bigint AS n
                       FROM written GROUP BY 1, 2, 3, 4)
          SELECT coalesce(e.zone, a.zone) AS zone, coalesce(e.day, a.day)::text AS day,
                 coalesce(e.account, a.account) AS account, coalesce(e.kind, a.kind) AS kind,
                 concat_ws('/', e.c, e.d, e.n) AS expected, concat_ws('/', a.c, a.d, a.n) AS actual
            FROM expected e FULL JOIN actual a
              ON a.zone = e.zone AND a.day = e.day AND a.account = e.account AND a.kind = e.kind
           WHERE (e.c, e.d, e.n) IS DISTINCT FROM (a.c, a.d, a.n)`,
    describe: (r) =>
      `movements ${r.zone} ${r.day} ${r.kind} of ledger account ${r.account}: expected ${r.expected || 'none'}, found ${r.actual || 'none'}`,
  },
  ...COARSER_CHECKS,
];
