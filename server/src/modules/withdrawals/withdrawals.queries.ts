import {
  WITHDRAWAL_DECIDED_STATUSES,
  WITHDRAWAL_PENDING_STATUSES,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@bo/contract';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { WITHDRAWAL_SUBJECT } from '../approvals/approval-subjects';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../scoped-lists/list-query';
import { statusIn } from '../scoped-lists/list-totals';
import { ownerCodeConditions } from '../scoped-lists/scope';

/** A reseller's withdrawal of commission. */
export interface WithdrawalRecord {
  id: string;
  reseller_account_id: string;
  currency: string;
  amount: bigint;
  status: WithdrawalStatus;
  bank_name: string;
  account_number: string;
  account_holder: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** The withdrawals table: batched insert, lock, and state writes from the judged status. */
export const withdrawalsTable = defineLifecycleTable<WithdrawalRecord>({
  table: 'withdrawals',
  alias: 'w',
  columns: {
    id: 'uuid',
    reseller_account_id: 'uuid',
    currency: 'text',
    amount: 'bigint',
    status: 'text',
    bank_name: 'text',
    account_number: 'text',
    account_holder: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  setLater: ['completed_at'],
  finalAt: 'completed_at',
});

export interface WithdrawalListRow extends WithdrawalRecord {
  reseller_db_code: string;
  reseller_name: string;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}

/** What a withdrawal list row selects from `withdrawals w` joined to its reseller `r`. */
const WITHDRAWAL_LIST_COLUMNS = `${withdrawalsTable.columns}, r.account_db_code AS reseller_db_code,
  r.name AS reseller_name, ${approvalColumnsSql(WITHDRAWAL_SUBJECT, 'w')}`;

/** Withdrawals in the actor's scope (a reseller sees its own): pages and export chunks. */
export const withdrawalList = defineMoneyList<WithdrawalListRow>({
  from: 'FROM withdrawals w JOIN accounts r ON r.id = w.reseller_account_id',
  columns: WITHDRAWAL_LIST_COLUMNS,
  alias: 'w',
  scope: { reseller: 'w.reseller_account_id' },
  codes: { reseller: ownerCodeConditions('w').reseller },
  statuses: WITHDRAWAL_STATUSES,
  totals: { rollup: { kind: 'withdrawal', owner: 'reseller' } },
});

/** The queue of withdrawals not yet done. */
export const WITHDRAWAL_PENDING_ONLY = statusIn('w', WITHDRAWAL_PENDING_STATUSES);

/** A decided withdrawal: a list row with who made its last decision and when. */
export interface WithdrawalHistoryRecord extends WithdrawalListRow {
  status: Extract<WithdrawalStatus, 'approved' | 'completed' | 'rejected'>;
  decided_by: string | null;
  decided_at: Date | null;
}

/** The admin log's latest decision on the withdrawal `w` (its `column`). */
const lastDecision = (column: string) => `(SELECT l.${column} FROM admin_logs l
    WHERE l.target_id = w.id::text AND l.target_id <> '' AND l.outcome = 'success'
      AND l.action IN ('withdrawal.approved', 'withdrawal.completed', 'withdrawal.rejected')
    ORDER BY l.created_at DESC, l.id DESC LIMIT 1)`;

/**
 * Every withdrawal of every reseller (the administrator's /withdrawal-history/list), read with
 * the same columns as /withdrawals/list; the call fixes the decided states. The decision's
 * time is the admin log's (a decision made by the system, such as the demo's, is the row's
 * last change).
 */
export const withdrawalHistoryList = defineMoneyList<WithdrawalHistoryRecord>({
  from: 'FROM withdrawals w JOIN accounts r ON r.id = w.reseller_account_id',
  columns: `${WITHDRAWAL_LIST_COLUMNS},
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
