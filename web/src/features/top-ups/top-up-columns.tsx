import type { TFunction } from 'i18next';
import { approveTopUp, decideTopUps, rejectTopUp, type getTopUpList } from '@bo/contract';
import type { ListColumn } from '../../ui/list/columns';
import type { RowOf } from '../../ui/list/use-list-page';
import {
  merchantColumn,
  amountColumn,
  approvalsColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';

export type TopUpRow = RowOf<typeof getTopUpList>;
type Row = TopUpRow;

const pending = (row: Row) => row.status === 'pending';

/** The top-up list's columns, in their default order. */
export const topUpColumns = (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  merchantColumn<Row>(t),
  amountColumn<Row>('amount', t('list.column.amount')),
  textColumn<Row>('note', t('list.column.note')),
  statusOf<Row>(t),
  approvalsColumn<Row>(t, pending),
  createdOf<Row>(t),
  instantColumn<Row>('updated_at', t('list.column.updatedAt')),
  instantColumn<Row>('decided_at', t('list.column.decidedAt')),
];

/** Approve (credits the merchant's pay-out balance) or reject a pending top-up. */
export const TOP_UP_DECISIONS: readonly Decision<Row>[] = [
  { verb: 'approve', call: approveTopUp, bulkCall: decideTopUps, appliesTo: pending, asks: 'note' },
  {
    verb: 'reject',
    call: rejectTopUp,
    bulkCall: decideTopUps,
    appliesTo: pending,
    asks: 'rejection',
  },
];
