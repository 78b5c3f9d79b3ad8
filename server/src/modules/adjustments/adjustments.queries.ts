import {
  ADJUSTMENT_PENDING_STATUSES,
  ADJUSTMENT_STATUSES,
  type AdjustmentBalance,
  type AdjustmentDirection,
  type AdjustmentReason,
  type AdjustmentStatus,
} from '@bo/contract';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { subjectOfKind, type ApprovalSubject } from '../approvals/approval-subjects';
import { defineMoneyList } from '../scoped-lists/list-query';
import { statusIn } from '../scoped-lists/list-totals';
import { ownerCodeConditions } from '../scoped-lists/scope';
import { signedAmountSql } from './adjustment-rollup';

/**
 * An adjustment's approvals: other admins, its row saying how many (three for a large debit).
 * It waits until decided, as a top-up (no expiry sweep rejects it).
 */
export const ADJUSTMENT_SUBJECT: ApprovalSubject = {
  ...subjectOfKind('adjustment'),
  leastApprovalsColumn: 'min_approvals',
  expires: false,
};

/** A balance adjustment row. */
export interface AdjustmentRecord {
  id: string;
  owner_account_id: string;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  direction: AdjustmentDirection;
  balance: AdjustmentBalance;
  currency: string;
  amount: bigint;
  reason_code: AdjustmentReason;
  note: string;
  related_id: string | null;
  status: AdjustmentStatus;
  min_approvals: number;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
}

/** The adjustments table: batched insert, lock, and state writes from the judged status. */
export const adjustmentsTable = defineLifecycleTable<AdjustmentRecord>({
  table: 'balance_adjustments',
  alias: 'j',
  columns: {
    id: 'uuid',
    owner_account_id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    direction: 'text',
    balance: 'text',
    currency: 'text',
    amount: 'bigint',
    reason_code: 'text',
    note: 'text',
    related_id: 'text',
    status: 'text',
    min_approvals: 'int',
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    decided_at: 'timestamptz',
  },
  setLater: ['decided_at'],
  decidedAt: 'decided_at',
});

export interface AdjustmentListRow extends AdjustmentRecord {
  /** `amount` with its direction's sign (`SIGNED_AMOUNT`). */
  signed_amount: bigint;
  owner_db_code: string;
  owner_name: string;
  owner_type: 'merchant' | 'reseller';
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}

const SIGNED_AMOUNT = signedAmountSql('j');

/**
 * Adjustments in the actor's scope (admins see every one): pages and export chunks; their
 * totals add the signed amount (credits − debits), from the rows (the rollups keep volumes
 * unsigned).
 */
export const adjustmentList = defineMoneyList<AdjustmentListRow>({
  from: 'FROM balance_adjustments j JOIN accounts o ON o.id = j.owner_account_id',
  columns: `${adjustmentsTable.columns}, ${SIGNED_AMOUNT} AS signed_amount,
    o.account_db_code AS owner_db_code, o.name AS owner_name,
    o.account_type AS owner_type,
    ${approvalColumnsSql(ADJUSTMENT_SUBJECT, 'j')}`,
  alias: 'j',
  scope: { merchant: 'j.merchant_account_id', reseller: 'j.reseller_account_id' },
  codes: ownerCodeConditions('j'),
  statuses: ADJUSTMENT_STATUSES,
  searchTexts: ['j.related_id'],
  totals: { signedAmount: SIGNED_AMOUNT },
});

/** The queue waiting for approval. */
export const ADJUSTMENT_PENDING_ONLY = statusIn('j', ADJUSTMENT_PENDING_STATUSES);
