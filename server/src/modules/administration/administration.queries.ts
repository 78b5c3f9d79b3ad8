import type { Queryable } from '../../db/db';
import { defineScopedList } from '../scoped-lists/list-query';

/** A currency's rate in force with its last recorded change (none: set by the system). */
export interface UsdtRateRecord {
  currency: string;
  rate_e8: bigint;
  /** The last rate a second admin approved (the band is measured from it). */
  reviewed_rate_e8: bigint;
  updated_at: Date;
  updated_by: string | null;
  reason: string | null;
}

/** Every currency's rate in force, in currency order, with who changed it last and why. */
export async function findUsdtRates(db: Queryable): Promise<UsdtRateRecord[]> {
  const { rows } = await db.query<UsdtRateRecord>(
    `SELECT u.currency, u.rate_e8, u.reviewed_rate_e8, u.updated_at,
            c.changed_by_username AS updated_by, c.reason
       FROM usdt_rates u
       LEFT JOIN LATERAL (SELECT h.changed_by_username, h.reason FROM usdt_rate_changes h
                           WHERE h.currency = u.currency AND h.rate_e8 = u.rate_e8
                           ORDER BY h.created_at DESC, h.id DESC LIMIT 1) c ON TRUE
      ORDER BY u.currency`,
  );
  return rows;
}

/** A currency's rate in force, held until the transaction ends (null when it has none). */
export async function lockUsdtRate(tx: Queryable, currency: string): Promise<bigint | null> {
  const { rows } = await tx.query<{ rate_e8: bigint }>(
    'SELECT rate_e8 FROM usdt_rates WHERE currency = $1 FOR UPDATE',
    [currency],
  );
  return rows[0]?.rate_e8 ?? null;
}

/**
 * The rate of a currency that two people last agreed to (null when it has none): read under
 * the row `lockUsdtRate` holds.
 */
export async function findReviewedUsdtRate(
  tx: Queryable,
  currency: string,
): Promise<bigint | null> {
  const { rows } = await tx.query<{ reviewed_rate_e8: bigint }>(
    'SELECT reviewed_rate_e8 FROM usdt_rates WHERE currency = $1',
    [currency],
  );
  return rows[0]?.reviewed_rate_e8 ?? null;
}

/**
 * Sets a currency's rate in force (adding the currency when it had none). A `reviewed` rate
 * (approved by a second admin) becomes the reviewed rate too; any other keeps the reviewed rate
 * it had (a first rate is always reviewed). A concurrent first rate of the same currency waits
 * on the key and then updates it.
 */
export async function writeUsdtRate(
  tx: Queryable,
  currency: string,
  rateE8: bigint,
  reviewed: boolean,
) {
  await tx.query(
    `INSERT INTO usdt_rates (currency, rate_e8, reviewed_rate_e8, updated_at)
     VALUES ($1, $2, $2, now())
     ON CONFLICT (currency) DO UPDATE SET rate_e8 = EXCLUDED.rate_e8, updated_at = now(),
       reviewed_rate_e8 = CASE WHEN $3 THEN EXCLUDED.rate_e8 ELSE usdt_rates.reviewed_rate_e8 END`,
    [currency, rateE8.toString(), reviewed],
  );
}

export interface UsdtRateChange {
  currency: string;
  previousRateE8: bigint | null;
  rateE8: bigint;
  reason: string;
  changedById: string;
  changedByUsername: string;
}

/** Appends one change to the rate history; answers its id. */
export async function insertUsdtRateChange(tx: Queryable, c: UsdtRateChange): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO usdt_rate_changes
       (currency, previous_rate_e8, rate_e8, reason, changed_by_account_id, changed_by_username)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      c.currency,
      c.previousRateE8?.toString() ?? null,
      c.rateE8.toString(),
      c.reason,
      c.changedById,
      c.changedByUsername,
    ],
  );
  return rows[0]!.id;
}

/** One change of the rate history as stored. */
export interface UsdtRateChangeRecord {
  id: string;
  currency: string;
  previous_rate_e8: bigint | null;
  rate_e8: bigint;
  reason: string;
  changed_by: string;
  created_at: Date;
}

/** The rate history as a list (page, export), newest first; the currency filter is the kit's. */
export const usdtRateHistoryList = defineScopedList<UsdtRateChangeRecord>({
  from: 'FROM usdt_rate_changes h',
  columns: `h.id, h.currency, h.previous_rate_e8, h.rate_e8, h.reason,
    h.changed_by_username AS changed_by, h.created_at`,
  alias: 'h',
  scope: {},
  codes: {},
  search: { ids: [], texts: [] },
  sorts: { created_at: 'h.created_at' },
  defaultSort: 'created_at',
});
