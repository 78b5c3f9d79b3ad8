import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@bo/contract';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../money-scope/list-query';
import { statusIn } from '../money-scope/list-totals';
import { ownerCodeConditions } from '../money-scope/scope';

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

/** Withdrawals in the actor's scope (a reseller sees its own): pages and export chunks. */
export const withdrawalList = defineMoneyList<WithdrawalListRow>({
  from: 'FROM withdrawals w JOIN accounts r ON r.id = w.reseller_account_id',
  columns: `${withdrawalsTable.columns}, r.account_db_code AS reseller_db_code, r.name AS reseller_name,
    ${approvalColumnsSql('w', true)}`,
  alias: 'w',
  scope: { reseller: 'w.reseller_account_id' },
  codes: { reseller: ownerCodeConditions('w').reseller },
  statuses: WITHDRAWAL_STATUSES,
  totals: { rollup: { kind: 'withdrawal', owner: 'reseller' } },
});

/** The queue of withdrawals not yet done. */
export const WITHDRAWAL_PENDING_ONLY = statusIn('w', ['pending', 'approved']);
