import type { TFunction } from 'i18next';
import type { WithdrawalHistoryRow } from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import {
  resellerColumn,
  amountColumn,
  bankAccountColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
} from '../../ui/money/money-columns';

type Row = WithdrawalHistoryRow;

/** The withdrawal history's columns: the withdrawal, its decision and who made it. */
export const withdrawalHistoryColumns = (
  t: TFunction,
  open: (row: Row) => void,
): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  resellerColumn<Row>(t),
  bankAccountColumn<Row>(t),
  amountColumn<Row>('amount', t('list.column.amount')),
  statusOf<Row>(t),
  column<Row>('decided_by', t('administration.withdrawalHistory.decidedBy'), (row) =>
    row.decided_by ? (
      <bdi>{row.decided_by}</bdi>
    ) : (
      <span className="text-muted">{t('administration.withdrawalHistory.system')}</span>
    ),
  ),
  instantColumn<Row>('decided_at', t('list.column.decidedAt')),
  createdOf<Row>(t),
  instantColumn<Row>('completed_at', t('list.column.completedAt')),
];
