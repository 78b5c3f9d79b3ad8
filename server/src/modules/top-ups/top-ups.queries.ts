import { TOP_UP_STATUSES, type TopUpStatus } from '@bo/contract';
import { defineLifecycleTable } from '../../db/lifecycle-table';
import { TOP_UP_SUBJECT } from '../approvals/approval-subjects';
import { approvalColumnsSql } from '../approvals/approvals.service';
import { defineMoneyList } from '../scoped-lists/list-query';
import { ownerCodeConditions } from '../scoped-lists/scope';

/** Money a merchant sent in for pay-outs, credited to its pay-out balance on approval. */
export interface TopUpRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  currency: string;
  amount: bigint;
  status: TopUpStatus;
  note: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
}

/** The top-ups table: batched insert, lock, and state writes from the judged status. */
export const topUpsTable = defineLifecycleTable<TopUpRecord>({
  table: 'top_ups',
  alias: 't',
  columns: {
    id: 'uuid',
    merchant_account_id: 'uuid',
    reseller_account_id: 'uuid',
    currency: 'text',
    amount: 'bigint',
    status: 'text',
    note: 'text',
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    decided_at: 'timestamptz',
  },
  setLater: ['decided_at'],
  decidedAt: 'decided_at',
});

export interface TopUpListRow extends TopUpRecord {
  merchant_db_code: string;
  merchant_name: string;
  approvals: number;
  approvals_required: number;
  decision_reason_code: string | null;
  decision_note: string | null;
}

/** Top-ups in the actor's scope: pages and export chunks. */
export const topUpList = defineMoneyList<TopUpListRow>({
  from: 'FROM top_ups t JOIN accounts m ON m.id = t.merchant_account_id',
  columns: `${topUpsTable.columns}, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
    ${approvalColumnsSql(TOP_UP_SUBJECT, 't')}`,
  alias: 't',
  scope: { merchant: 't.merchant_account_id', reseller: 't.reseller_account_id' },
  codes: ownerCodeConditions('t'),
  statuses: TOP_UP_STATUSES,
  totals: { rollup: { kind: 'top_up', owner: 'merchant' } },
});
