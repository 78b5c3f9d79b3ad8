import { WITHDRAWAL_DECIDED_STATUSES, type WithdrawalStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList, defineScopedList } from '../money-scope/list-query';
import { statusIn } from '../money-scope/list-totals';
import { ownerCodeConditions } from '../money-scope/scope';

// ---------------------------------------------------------------------------------------------
// Withdrawal history
// ---------------------------------------------------------------------------------------------

/** A decided withdrawal with its reseller and its last decision's admin. */
export interface WithdrawalHistoryRecord {
  id: string;
  reseller_db_code: string;
  reseller_name: string;
  currency: string;
  amount: bigint;
  status: Extract<WithdrawalStatus, 'approved' | 'completed' | 'rejected'>;
  bank_name: string;
  account_number: string;
  account_holder: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
}

/** The admin log's latest decision on the withdrawal `w` (its `column`). */
const lastDecision = (column: string) => `(SELECT l.${column} FROM admin_logs l
    WHERE l.target_id = w.id::text AND l.target_id <> '' AND l.outcome = 'success'
      AND l.action IN ('withdrawal.approved', 'withdrawal.completed', 'withdrawal.rejected')
    ORDER BY l.created_at DESC, l.id DESC LIMIT 1)`;

/**
 * Every withdrawal of every reseller (the list is an admin's), read from the withdrawals table
 * with the same money-list machinery as /withdrawals/list; the call fixes the decided states.
 * The decision's time is the admin log's (a decision made by the system, such as the demo's,
 * is the row's last change).
 */
export const withdrawalHistoryList = defineMoneyList<WithdrawalHistoryRecord>({
  from: 'FROM withdrawals w JOIN accounts r ON r.id = w.reseller_account_id',
  columns: `w.id, r.account_db_code AS reseller_db_code, r.name AS reseller_name, w.currency,
    w.amount, w.status, w.bank_name, w.account_number, w.account_holder, w.created_at,
    w.updated_at, w.completed_at, ${approvalColumnsSql('w', true)},
    ${lastDecision('actor_username')} AS decided_by,
    coalesce(${lastDecision('created_at')}, w.updated_at) AS decided_at`,
  alias: 'w',
  scope: { reseller: 'w.reseller_account_id' },
  codes: { reseller: ownerCodeConditions('w').reseller },
  statuses: WITHDRAWAL_DECIDED_STATUSES,
  totals: { rollup: { kind: 'withdrawal', owner: 'reseller' } },
});

/** Withdrawals out of `pending`: approved, completed or rejected. */
export const WITHDRAWAL_DECIDED = statusIn('w', WITHDRAWAL_DECIDED_STATUSES);

// ---------------------------------------------------------------------------------------------
// USDT rates
// ---------------------------------------------------------------------------------------------

/** A currency's rate in force with its last recorded change (none: set by the system). */
export interface UsdtRateRecord {
  currency: string;
  rate_e8: bigint;
  updated_at: Date;
  updated_by: string | null;
  reason: string | null;
}

/** Every currency's rate in force, in currency order, with who changed it last and why. */
export async function findUsdtRates(db: Queryable): Promise<UsdtRateRecord[]> {
  const { rows } = await db.query<UsdtRateRecord>(
    `SELECT u.currency, u.rate_e8, u.updated_at, c.changed_by_username AS updated_by, c.reason
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
 * Sets a currency's rate in force (adding the currency when it had none). A concurrent first
 * rate of the same currency waits on the key and then updates it.
 */
export async function writeUsdtRate(tx: Queryable, currency: string, rateE8: bigint) {
  await tx.query(
    `INSERT INTO usdt_rates (currency, rate_e8, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (currency) DO UPDATE SET rate_e8 = EXCLUDED.rate_e8, updated_at = now()`,
    [currency, rateE8.toString()],
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
