import { ianaZoneOf, TIMEZONE_CHOICES } from '@bo/contract';
import type { Db } from '../db/db';
import { HALF_HOUR_MS } from './half-hours';

/** Every zone a report can group by: the IANA zones of the spec's time zone choices. */
export const REPORT_ZONES: readonly string[] = [...new Set(TIMEZONE_CHOICES.map(ianaZoneOf))];

/** How long a bucket stays open to writes before it is folded (late writes still fold later). */
const FOLD_AFTER_MS = 2 * HALF_HOUR_MS;

const TABLES = [
  {
    from: 'report_halfhours',
    to: 'report_days',
    key: ['owner_account_id', 'currency', 'kind', 'status', 'gateway_code'],
    sums: ['count', 'volume', 'fee', 'gateway_cost', 'reseller_commission', 'platform_profit'],
  },
  {
    from: 'movement_halfhours',
    to: 'movement_days',
    key: ['ledger_account_id', 'kind'],
    sums: ['credit', 'debit', 'count'],
  },
] as const;

/** Moves one bucket's rows into the day rows of every report zone, in one statement. */
function foldBucketSql(t: (typeof TABLES)[number]): string {
  const key = t.key.join(', ');
  const keyOf = t.key.map((k) => `m.${k}`).join(', ');
  const sums = t.sums.map((s) => `sum(m.${s})::bigint`).join(', ');
  const add = t.sums.map((s) => `${s} = ${t.to}.${s} + EXCLUDED.${s}`).join(', ');
  return `WITH moved AS (DELETE FROM ${t.from} WHERE bucket = $1 RETURNING *)
    INSERT INTO ${t.to} (zone, day, ${key}, ${t.sums.join(', ')})
    SELECT z.zone, (m.bucket AT TIME ZONE z.zone)::date, ${keyOf}, ${sums}
      FROM moved m CROSS JOIN unnest($2::text[]) AS z(zone)
     GROUP BY z.zone, (m.bucket AT TIME ZONE z.zone)::date, ${keyOf}
    ON CONFLICT (zone, ${t.key[0]}, day, ${t.key.slice(1).join(', ')}) DO UPDATE SET ${add}`;
}

/**
 * Folds the closed 30-minute buckets of the report and movement rollups into days of every
 * report zone, oldest first, one bucket per short transaction. A reader sums day rows and the
 * buckets still here, so a reader never sees a bucket twice or not at all, whenever this runs.
 * Returns the number of buckets folded.
 */
export async function foldReportRollups(db: Db, now = new Date(), limit = 200): Promise<number> {
  const before = new Date(now.getTime() - FOLD_AFTER_MS).toISOString();
  let folded = 0;
  for (const t of TABLES) {
    const { rows } = await db.query<{ bucket: string }>(
      `SELECT DISTINCT bucket::text AS bucket FROM ${t.from} WHERE bucket < $1 ORDER BY 1 LIMIT $2`,
      [before, limit],
    );
    const sql = foldBucketSql(t);
    for (const r of rows) {
      await db.transaction((tx) => tx.query(sql, [r.bucket, REPORT_ZONES]));
      folded += 1;
    }
  }
  return folded;
}
