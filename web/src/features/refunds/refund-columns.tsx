import type { TFunction } from 'i18next';
import { approveRefund, decideRefunds, rejectRefund, type getRefundList } from '@bo/contract';
import type { ListColumn } from '../../ui/list/columns';
import type { RowOf } from '../../ui/list/use-list-page';
import {
  amountColumn,
  approvalsColumn,
  createdOf,
  idColumn,
  instantColumn,
  merchantColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';

export type RefundRow = RowOf<typeof getRefundList>;
type Row = RefundRow;

const pending = (row: Row) => row.status === 'pending_approval';

/** The refund lists' columns, in their default order. */
export const refundColumns = (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  textColumn<Row>('order_id', t('list.column.orderId')),
  merchantColumn<Row>(t),
  amountColumn<Row>('amount', t('list.column.amount')),
  amountColumn<Row>('fee', t('list.column.fee')),
  statusOf<Row>(t),
  approvalsColumn<Row>(t, pending),
  textColumn<Row>('reason', t('refunds.column.reason')),
  textColumn<Row>('payment_gateway_code', t('list.column.gateway')),
  createdOf<Row>(t),
  instantColumn<Row>('completed_at', t('list.column.completedAt')),
];

/** Approve (maker-checker: two admins, never the one who asked) or reject a pending refund. */
export const REFUND_DECISIONS: readonly Decision<Row>[] = [
  {
    verb: 'approve',
    call: approveRefund,
    bulkCall: decideRefunds,
    appliesTo: pending,
    asks: 'note',
  },
  {
    verb: 'reject',
    call: rejectRefund,
    bulkCall: decideRefunds,
    appliesTo: pending,
    asks: 'rejection',
  },
];
