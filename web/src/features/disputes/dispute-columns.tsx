import type { TFunction } from 'i18next';
import type { DisputeRow } from '@bo/contract';
import type { ListColumn } from '../../ui/list/columns';
import { column } from '../../ui/list/columns';
import {
  amountColumn,
  createdOf,
  idColumn,
  instantColumn,
  merchantColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';
import { DeadlineLeft } from './deadline-left';

type Row = DisputeRow;

/** The dispute lists' columns, in their default order: the status, countdown and deadline first. */
export const disputeColumns = (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  textColumn<Row>('order_id', t('list.column.orderId')),
  statusOf<Row>(t),
  column<Row>(
    'time_left',
    t('disputes.column.timeLeft'),
    (row) => (row.status === 'opened' ? <DeadlineLeft respondBy={row.respond_by} /> : null),
    { label: t('disputes.column.timeLeft'), cellClassName: 'text-nowrap' },
  ),
  instantColumn<Row>('respond_by', t('disputes.column.respondBy')),
  amountColumn<Row>('amount', t('list.column.amount')),
  amountColumn<Row>('fee', t('disputes.column.fee')),
  column<Row>('reason_code', t('disputes.column.reason'), (row) =>
    t(`money.disputeReason.${row.reason_code}`),
  ),
  merchantColumn<Row>(t),
  textColumn<Row>('payment_gateway_code', t('list.column.gateway')),
  createdOf<Row>(t),
  instantColumn<Row>('completed_at', t('list.column.completedAt')),
];
