import type { TFunction } from 'i18next';
import {
  approveWithdrawal,
  completeWithdrawal,
  decideWithdrawals,
  rejectWithdrawal,
  type getWithdrawalList,
} from '@bo/contract';
import type { ListColumn } from '../../ui/list/columns';
import type { RowOf } from '../../ui/list/use-list-page';
import {
  resellerColumn,
  amountColumn,
  approvalsColumn,
  bankAccountColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';

export type WithdrawalRow = RowOf<typeof getWithdrawalList>;
type Row = WithdrawalRow;

/** The withdrawal lists' columns, in their default order. */
export const withdrawalColumns = (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  resellerColumn<Row>(t),
  bankAccountColumn<Row>(t),
  amountColumn<Row>('amount', t('list.column.amount')),
  statusOf<Row>(t),
  approvalsColumn<Row>(t, (row) => row.status === 'pending'),
  createdOf<Row>(t),
  instantColumn<Row>('updated_at', t('list.column.updatedAt')),
  instantColumn<Row>('completed_at', t('list.column.completedAt')),
];

/** Approve a pending withdrawal, complete an approved one, reject either. */
export const WITHDRAWAL_DECISIONS: readonly Decision<Row>[] = [
  {
    verb: 'approve',
    call: approveWithdrawal,
    bulkCall: decideWithdrawals,
    appliesTo: (row) => row.status === 'pending',
    asks: 'note',
  },
  {
    verb: 'complete',
    call: completeWithdrawal,
    appliesTo: (row) => row.status === 'approved',
    asks: 'note',
  },
  {
    verb: 'reject',
    call: rejectWithdrawal,
    bulkCall: decideWithdrawals,
    appliesTo: (row) => row.status === 'pending' || row.status === 'approved',
    asks: 'rejection',
  },
];
