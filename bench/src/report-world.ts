import type { Db, Queryable } from '../../server/src/db/db';
import {
  coarserFromDaysSql,
  FOLD_SOURCES,
  foldedKeyOf,
  foldReportRollups,
  REPORT_ZONES,
} from '../../server/src/ledger/report-folding';
import { BULK_SETTINGS, indexesOf, runBulk } from './bulk-indexes';
import { JOURNALS_SQL, linesOf } from './world-journals';

/**
 * The report part of the bulk world (bench:reports): what the reports read, derived from the
 * world's rows by set-based SQL once it has its size, as the lifecycles and the fold job would
 * have left it (docs/money.md, Report rollups; `ledger:check` recomputes every piece):
 *
 * - the journal and entries of every pay-in, pay-out and top-up (`world-journals.ts`), written
 *   in posting order as live appends are, with the pay-outs' reservations and resolutions;
 * - report rollups from the transaction tables and movement rollups from the entries, in
 *   30-minute buckets: those older than two hours already folded into days of every report
 *   zone (and months, and the platform's days, summed from those), the rest left as buckets
 *   (recent ones spread over slots as concurrent writers do) for the real fold job
 *   (`foldReportRollups`) to fold what it would have by now.
 *
 * Run once per world, after `growWorld` (journals are append-only: it cannot be redone).
 */

/** Buckets before this many 30-minute buckets ago are written as days. */
const BUCKETS_LEFT_OPEN = 4;
const HALF_HOUR_MS = 1_800_000;
const ORIGIN = `TIMESTAMPTZ '2000-01-01T00:00:00Z'`;

/** The journals in posting order (with their lines' arrays), staged for the loads below. */
const STAGE_JOURNALS = `
  DROP TABLE IF EXISTS bench_journals;
  CREATE UNLOGGED TABLE bench_journals AS SELECT * FROM (${JOURNALS_SQL}) j ORDER BY at, id;`;

const LOAD_JOURNAL = `
  INSERT INTO journal (id, owner_account_id, kind, ref_type, ref_id, contract_id, details, created_at)
  SELECT id, owner_account_id, kind, ref_type, ref_id, contract_id, details, at FROM bench_journals`;

/** Entries in the staged order (a scan of the staged table keeps it): ids grow with time. */
const LOAD_ENTRIES = `
  INSERT INTO entries (journal_id, ledger_account_id, currency, amount, created_at)
  SELECT journal_id, ledger_account_id, currency, amount, created_at FROM (${linesOf('bench_journals')}) l`;

/** A pay-out's reservation (its `payout.reserve` journal: from, held) and its resolution. */
const LOAD_RESERVATIONS = `
  INSERT INTO reservations (id, owner_account_id, ref_type, ref_id, from_account_id, held_account_id,
                            currency, amount, journal_id, created_at)
  SELECT md5('reservation:' || ref_id)::uuid, owner_account_id, ref_type, ref_id, accounts[1], accounts[2],
         currency, amounts[2], id, at
    FROM bench_journals WHERE kind = 'payout.reserve';
  INSERT INTO reservation_resolutions (reservation_id, outcome, journal_id, created_at)
  SELECT md5('reservation:' || ref_id)::uuid, CASE kind WHEN 'payout.post' THEN 'posted' ELSE 'voided' END, id, at
    FROM bench_journals WHERE kind IN ('payout.post', 'payout.void');`;

/**
 * The transactions by creation time with their fee split, per 30-minute bucket (as
 * `rollupWrites` writes them: migration 0600 fills the same from history), with the slot.
 */
const stageReportBuckets = (cutoff: string) => `
  DROP TABLE IF EXISTS bench_report_buckets;
  CREATE UNLOGGED TABLE bench_report_buckets AS
  SELECT date_bin('30 minutes', x.at, ${ORIGIN}) AS bucket,
         (CASE WHEN x.at >= '${cutoff}' THEN abs(hashtext(x.id::text)) % 8 ELSE 0 END)::smallint AS slot,
         x.owner, x.currency, x.kind, x.status, x.gw, count(*)::bigint AS n, sum(x.v)::bigint AS v,
         sum(x.f)::bigint AS f, sum(x.gc)::bigint AS gc, sum(x.rc)::bigint AS rc, sum(x.pp)::bigint AS pp
    FROM (
      SELECT p.id, p.created_at AS at, p.merchant_account_id AS owner, p.currency, 'payin' AS kind, p.status,
             coalesce(g.payment_gateway_code, '') AS gw, p.amount AS v, p.fee AS f, p.gateway_cost AS gc,
             p.reseller_commission AS rc, p.platform_profit AS pp
        FROM payins p LEFT JOIN payment_gateways g ON g.id = p.gateway_id
      UNION ALL
      SELECT p.id, p.created_at, p.merchant_account_id, p.currency, 'payout', p.status, coalesce(g.payment_gateway_code, ''),
             p.amount, p.fee, p.gateway_cost, p.reseller_commission, p.platform_profit
        FROM payouts p LEFT JOIN payment_gateways g ON g.id = p.gateway_id
      UNION ALL
      SELECT s.id, s.created_at, s.merchant_account_id, s.currency,
             CASE WHEN s.destination = 'usdt_wallet' THEN 'settlement_wallet' ELSE 'settlement' END, s.status, '',
             s.amount, s.fee, 0, s.reseller_commission, s.platform_profit
        FROM settlements s
      UNION ALL
      SELECT w.id, w.created_at, w.reseller_account_id, w.currency, 'withdrawal', w.status, '', w.amount, 0, 0, 0, 0
        FROM withdrawals w
      UNION ALL
      SELECT t.id, t.created_at, t.merchant_account_id, t.currency, 'top_up', t.status, '', t.amount, 0, 0, 0, 0
        FROM top_ups t
    ) x
   GROUP BY 1, 2, 3, 4, 5, 6, 7`;

/** Ledger movements by posting time per 30-minute bucket, account and journal kind, with the slot. */
const stageMovementBuckets = (cutoff: string) => `
  DROP TABLE IF EXISTS bench_movement_buckets;
  CREATE UNLOGGED TABLE bench_movement_buckets AS
  SELECT date_bin('30 minutes', l.created_at, ${ORIGIN}) AS bucket,
         (CASE WHEN l.created_at >= '${cutoff}' THEN abs(hashtext(l.journal_id::text)) % 8 ELSE 0 END)::smallint AS slot,
         l.ledger_account_id, l.kind,
         coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0)::bigint AS c,
         coalesce(-sum(l.amount) FILTER (WHERE l.amount < 0), 0)::bigint AS d, count(*)::bigint AS n
    FROM (${linesOf('bench_journals')}) l
   GROUP BY 1, 2, 3, 4`;

/** Buckets before the cutoff as one row per day of every report zone; the rest as buckets. */
function writeRollups(
  staged: string,
  days: string,
  halfhours: string,
  key: readonly [string, string][],
  sums: readonly [string, string][],
  cutoff: string,
): string {
  const zones = `unnest(ARRAY[${REPORT_ZONES.map((z) => `'${z}'`).join(', ')}]::text[]) AS z(zone)`;
  const keyTo = key.map(([to]) => to).join(', ');
  const keyFrom = key.map(([, from]) => `b.${from}`).join(', ');
  const sumTo = sums.map(([to]) => to).join(', ');
  const groupBy = Array.from({ length: key.length + 2 }, (_, i) => i + 1).join(', ');
  return `
    INSERT INTO ${days} (zone, day, ${keyTo}, ${sumTo})
    SELECT z.zone, (b.bucket AT TIME ZONE z.zone)::date, ${keyFrom}, ${sums.map(([, from]) => `sum(b.${from})::bigint`).join(', ')}
      FROM ${staged} b CROSS JOIN ${zones}
     WHERE b.bucket < '${cutoff}'
     GROUP BY ${groupBy};
    INSERT INTO ${halfhours} (bucket, slot, ${keyTo}, ${sumTo})
    SELECT b.bucket, b.slot, ${keyFrom}, ${sums.map(([, from]) => `b.${from}`).join(', ')}
      FROM ${staged} b WHERE b.bucket >= '${cutoff}';`;
}

const REPORT_ROLLUPS = (cutoff: string) =>
  writeRollups(
    'bench_report_buckets',
    'report_days',
    'report_halfhours',
    [
      ['owner_account_id', 'owner'],
      ['currency', 'currency'],
      ['kind', 'kind'],
      ['status', 'status'],
      ['gateway_code', 'gw'],
    ],
    [
      ['count', 'n'],
      ['volume', 'v'],
      ['fee', 'f'],
      ['gateway_cost', 'gc'],
      ['reseller_commission', 'rc'],
      ['platform_profit', 'pp'],
    ],
    cutoff,
  );

const MOVEMENT_ROLLUPS = (cutoff: string) =>
  writeRollups(
    'bench_movement_buckets',
    'movement_days',
    'movement_halfhours',
    [
      ['ledger_account_id', 'ledger_account_id'],
      ['kind', 'kind'],
    ],
    [
      ['credit', 'c'],
      ['debit', 'd'],
      ['count', 'n'],
    ],
    cutoff,
  );

/** The coarser rollups (months, the platform's days, all time) summed from the day rows written above. */
const COARSER_ROLLUPS = FOLD_SOURCES.flatMap((source) =>
  source.coarser.map(
    (t) => `INSERT INTO ${t.table} (${foldedKeyOf(t).join(', ')}, ${source.sums.join(', ')})
            ${coarserFromDaysSql(source, t)}`,
  ),
);
const COARSER_TABLES = FOLD_SOURCES.flatMap((source) => source.coarser.map((t) => t.table));

/** The tables loaded in bulk (their indexes dropped meanwhile, `bulk-indexes.ts`), and those whose keys go too. */
const LOADED = ['journal', 'entries', 'report_days', 'movement_days'];
const KEYED = ['journal', 'report_days', 'movement_days'];

const TOUCHED = [
  'journal',
  'entries',
  'reservations',
  'reservation_resolutions',
  'report_days',
  'report_halfhours',
  'movement_days',
  'movement_halfhours',
  ...COARSER_TABLES,
];

/** Adds journals, entries and the report rollups to a grown bulk world (see above). */
export async function addReportWorld(db: Db, log: (line: string) => void): Promise<void> {
  const began = Date.now();
  const step = async (label: string, work: (tx: Queryable) => Promise<void>) => {
    const started = Date.now();
    await db.transaction(async (tx) => {
      await tx.exec(BULK_SETTINGS);
      await work(tx);
    });
    log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  const cutoff = new Date(
    (Math.floor(Date.now() / HALF_HOUR_MS) - BUCKETS_LEFT_OPEN) * HALF_HOUR_MS,
  ).toISOString();
  const rebuild = await indexesOf(db, LOADED, KEYED);

  await step('journals staged in posting order', (tx) => tx.exec(STAGE_JOURNALS));
  await runBulk(db, rebuild.drop);
  await step('journal written', (tx) => tx.exec(LOAD_JOURNAL));
  await step('entries written', (tx) => tx.exec(LOAD_ENTRIES));
  await step('reservations and resolutions written', (tx) => tx.exec(LOAD_RESERVATIONS));
  await step('report rollups derived', async (tx) => {
    await tx.exec(stageReportBuckets(cutoff));
    await tx.exec(REPORT_ROLLUPS(cutoff));
  });
  await step('movement rollups derived', async (tx) => {
    await tx.exec(stageMovementBuckets(cutoff));
    await tx.exec(MOVEMENT_ROLLUPS(cutoff));
  });
  await step(`${COARSER_TABLES.join(', ')} summed from the day rows`, async (tx) => {
    for (const sql of COARSER_ROLLUPS) await tx.exec(sql);
  });
  await step(`indexes and keys of ${LOADED.join(', ')} built again`, async (tx) => {
    for (const sql of rebuild.create) await tx.exec(sql);
  });
  await db.exec('DROP TABLE bench_journals, bench_report_buckets, bench_movement_buckets');
  const folded = await foldReportRollups(db);
  log(`  the fold job folded ${folded} bucket(s) old enough`);
  const started = Date.now();
  await db.exec(`VACUUM (ANALYZE) ${TOUCHED.join(', ')}`);
  log(`  vacuumed and analyzed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  log(`  report world built in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}
