import { HISTORY_KEY_TYPES } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { factColumnOf } from './risk-facts';

/*
 * The velocity rollups (issue 42; migration 0938, docs/risk.md "History"): closed hours of
 * `risk_facts` added up per key value, merchant, kind and currency into `risk_key_hours`, by
 * the money jobs (`runAlone`) and never by intake.
 */

const HOUR_MS = 3_600_000;
/** An hour is folded once it closed this long ago: no request of it is still being written. */
const FOLD_LAG_MS = HOUR_MS;
/** The most hours one fold statement adds (a first fold over months goes a day at a time). */
const HOURS_PER_STEP = 24;

/** The hour boundary at or before `at` (UTC). */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The UTC hour at or before a timestamptz SQL expression, whatever the session's time zone. */
export const hourSql = (at: string) =>
  `date_bin('1 hour', ${at}, timestamptz '2000-01-01 00:00+00')`;

/** Each key's column of `risk_facts`, as `(key type, hash)` rows of one fact. */
const KEY_VALUES = HISTORY_KEY_TYPES.map((key) => `('${key}', f.${factColumnOf(key)})`).join(', ');

/** Adds the facts of `[from, to)` to their hours and moves the fold to `to`, in one transaction. */
const FOLD_STEP_SQL = `
  WITH added AS (
    INSERT INTO risk_key_hours (key_type, key_h, hour, merchant_account_id, kind, currency, n, total)
    SELECT k.key_type, k.key_h, ${hourSql('f.at')},
           f.merchant_account_id, f.kind, f.currency, count(*), sum(f.amount)
      FROM risk_facts f CROSS JOIN LATERAL (VALUES ${KEY_VALUES}) AS k(key_type, key_h)
     WHERE f.at >= $1 AND f.at < $2 AND k.key_h IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (key_type, key_h, hour, merchant_account_id, kind, currency)
      DO UPDATE SET n = risk_key_hours.n + excluded.n, total = risk_key_hours.total + excluded.total
    RETURNING 1)
  UPDATE risk_fold_state SET folded_to = $2 WHERE folded_to = $1`;

/**
 * Folds every closed hour older than `FOLD_LAG_MS` into `risk_key_hours`, a day at most per
 * transaction; answers how many hours it folded. The state row is locked first, so a second
 * fold (or a reset) waits and then starts where this one ended.
 */
export async function foldRiskHours(db: Db, now = new Date()): Promise<number> {
  const target = hourOf(new Date(now.getTime() - FOLD_LAG_MS));
  // Most rounds find the fold where it should be: told by a plain read, no lock taken.
  const { rows } = await db.query<{ done: boolean }>(
    'SELECT folded_to >= $1 AS done FROM risk_fold_state',
    [target.toISOString()],
  );
  if (rows[0]?.done) return 0;
  let hours = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const from = await lockedFoldedTo(tx);
      if (from && from >= target) return 0;
      const start = from ?? (await firstHour(tx, target));
      const to = new Date(Math.min(start.getTime() + HOURS_PER_STEP * HOUR_MS, target.getTime()));
      if (!from) await tx.query('UPDATE risk_fold_state SET folded_to = $1', [start.toISOString()]);
      await tx.query(FOLD_STEP_SQL, [start.toISOString(), to.toISOString()]);
      return Math.round((to.getTime() - start.getTime()) / HOUR_MS);
    });
    if (!step) return hours;
    hours += step;
  }
}

/** Where the fold has reached (null: never folded), its row locked until the transaction ends. */
async function lockedFoldedTo(tx: Queryable): Promise<Date | null> {
  const { rows } = await tx.query<{ folded_to: Date | null }>(
    `SELECT CASE WHEN isfinite(folded_to) THEN folded_to END AS folded_to
       FROM risk_fold_state FOR UPDATE`,
  );
  const value = rows[0]!.folded_to;
  return value === null ? null : new Date(value);
}

/** The hour of the oldest fact (or `target` when there is none before it): a first fold starts there. */
async function firstHour(tx: Queryable, target: Date): Promise<Date> {
  const { rows } = await tx.query<{ first: Date | null }>(
    'SELECT min(at) AS first FROM risk_facts WHERE at < $1',
    [target.toISOString()],
  );
  return rows[0]!.first ? hourOf(new Date(rows[0]!.first)) : target;
}

/**
 * Forgets every fold, so the next one adds all facts again: for facts written into hours
 * already folded (`backfillRiskFacts`). Until then every read is raw, and exact.
 */
export async function resetRiskFold(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedFoldedTo(tx);
    await tx.query('DELETE FROM risk_key_hours');
    await tx.query(`UPDATE risk_fold_state SET folded_to = '-infinity'`);
  });
}
