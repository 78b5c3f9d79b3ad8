import { ianaZoneOf, TIMEZONE_CHOICES } from '@bo/contract';
import type { Db } from '../db/db';
import { HALF_HOUR_MS } from './half-hours';

/** Every zone a report can group by: the IANA zones of the spec's time zone choices. */
export const REPORT_ZONES: readonly string[] = [...new Set(TIMEZONE_CHOICES.map(ianaZoneOf))];

/** How long a bucket stays open to writes before it is folded (late writes still fold later). */
const FOLD_AFTER_MS = 2 * HALF_HOUR_MS;

/**
 * A table a bucket folds into: its time grain (a zone's day or month, or all time: no time
 * column) and the keys it keeps.
 */
export interface FoldTarget {
  readonly table: string;
  readonly grain: 'day' | 'month' | 'all';
  readonly key: readonly string[];
  /** Its primary key, for the upsert. */
  readonly conflict: string;
}

/** A 30-minute rollup and the tables it folds into (migrations 0600 and 0730). */
export interface FoldSource {
  readonly from: string;
  readonly sums: readonly string[];
  /** The day rows with every key: the first target, which the others sum coarser. */
  readonly days: FoldTarget;
  readonly coarser: readonly FoldTarget[];
}

const REPORT_KEY = ['owner_account_id', 'currency', 'kind', 'status', 'gateway_code'];
const MOVEMENT_KEY = ['ledger_account_id', 'kind'];

export const FOLD_SOURCES: readonly FoldSource[] = [
  {
    from: 'report_halfhours',
    sums: ['count', 'volume', 'fee', 'gateway_cost', 'reseller_commission', 'platform_profit'],
    days: {
      table: 'report_days',
      grain: 'day',
      key: REPORT_KEY,
      conflict: 'zone, owner_account_id, day, currency, kind, status, gateway_code',
    },
    coarser: [
      {
        table: 'report_months',
        grain: 'month',
        key: REPORT_KEY,
        conflict: 'zone, owner_account_id, month, currency, kind, status, gateway_code',
      },
      {
        table: 'report_platform_days',
        grain: 'day',
        key: REPORT_KEY.slice(1),
        conflict: 'zone, day, currency, kind, status, gateway_code',
      },
      {
        table: 'report_totals',
        grain: 'all',
        key: REPORT_KEY,
        conflict: 'zone, owner_account_id, currency, kind, status, gateway_code',
      },
    ],
  },
  {
    from: 'movement_halfhours',
    sums: ['credit', 'debit', 'count'],
    days: {
      table: 'movement_days',
      grain: 'day',
      key: MOVEMENT_KEY,
      conflict: 'zone, ledger_account_id, day, kind',
    },
    coarser: [
      {
        table: 'movement_months',
        grain: 'month',
        key: MOVEMENT_KEY,
        conflict: 'zone, ledger_account_id, month, kind',
      },
    ],
  },
];

/** A target's key columns: the zone, its time column (none for all time), its keys. */
export const foldedKeyOf = (t: FoldTarget): string[] => [
  'zone',
  ...(t.grain === 'all' ? [] : [t.grain]),
  ...t.key,
];

/** A bucket's day or month in a zone, in SQL (none for all time). */
const grainOf = (target: FoldTarget, bucket: string, zone: string): string[] => {
  if (target.grain === 'all') return [];
  return [
    target.grain === 'day'
      ? `(${bucket} AT TIME ZONE ${zone})::date`
      : `date_trunc('month', ${bucket} AT TIME ZONE ${zone})::date`,
  ];
};

/** Adds the moved bucket rows to one target's rows of every report zone. */
function foldInto(source: FoldSource, t: FoldTarget): string {
  const key = ['z.zone', ...grainOf(t, 'm.bucket', 'z.zone'), ...t.key.map((k) => `m.${k}`)];
  const add = source.sums.map((s) => `${s} = ${t.table}.${s} + EXCLUDED.${s}`).join(', ');
  return `INSERT INTO ${t.table} (${foldedKeyOf(t).join(', ')}, ${source.sums.join(', ')})
    SELECT ${key.join(', ')}, ${source.sums.map((s) => `sum(m.${s})::bigint`).join(', ')}
      FROM moved m CROSS JOIN unnest($2::text[]) AS z(zone)
     GROUP BY ${key.join(', ')}
    ON CONFLICT (${t.conflict}) DO UPDATE SET ${add}`;
}

/** Moves one bucket's rows into the day (and coarser) rows of every report zone, in one statement. */
function foldBucketSql(source: FoldSource): string {
  const coarser = source.coarser.map((t, i) => `, coarser${i} AS (${foldInto(source, t)})`);
  return `WITH moved AS (DELETE FROM ${source.from} WHERE bucket = $1 RETURNING *)${coarser.join('')}
    ${foldInto(source, source.days)}`;
}

/**
 * The coarser rows summed from the day rows, as `ledger:check` expects them: columns `zone`, the
 * grain, the target's key and its sums.
 */
export function coarserFromDaysSql(source: FoldSource, t: FoldTarget): string {
  const grain = { day: ['day'], month: [`date_trunc('month', day)::date`], all: [] }[t.grain];
  const key = ['zone', ...grain, ...t.key];
  const named = ['zone', ...grain.map((g) => `${g} AS ${t.grain}`), ...t.key];
  return `SELECT ${named.join(', ')}, ${source.sums.map((s) => `sum(${s})::bigint AS ${s}`).join(', ')}
            FROM ${source.days.table} GROUP BY ${key.join(', ')}`;
}

/**
 * Folds the closed 30-minute buckets of the report and movement rollups into days (and months,
 * and the platform's days) of every report zone, oldest first, one bucket per short
 * transaction. A reader sums folded rows and the buckets still here, so a reader never sees a
 * bucket twice or not at all, whenever this runs. Returns the number of buckets folded.
 */
export async function foldReportRollups(db: Db, now = new Date(), limit = 200): Promise<number> {
  const before = new Date(now.getTime() - FOLD_AFTER_MS).toISOString();
  let folded = 0;
  for (const source of FOLD_SOURCES) {
    const { rows } = await db.query<{ bucket: string }>(
      `SELECT DISTINCT bucket::text AS bucket FROM ${source.from} WHERE bucket < $1 ORDER BY 1 LIMIT $2`,
      [before, limit],
    );
    const sql = foldBucketSql(source);
    for (const r of rows) {
      await db.transaction((tx) => tx.query(sql, [r.bucket, REPORT_ZONES]));
      folded += 1;
    }
  }
  return folded;
}
