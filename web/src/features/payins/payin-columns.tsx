import type { TFunction } from 'i18next';
import type { PayinRow } from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import { StatusBadge } from '../../ui/list/status-badge';
import {
  merchantColumn,
  resellerColumn,
  amountColumn,
  createdOf,
  idColumn,
  instantColumn,
  textColumn,
} from '../../ui/money/money-columns';
import { PayinAfterCareBadges } from './payin-after-care';

/** A pay-in's status with what its refunds and an open dispute did to it beside it. */
const payinStatusColumn = (t: TFunction) =>
  column<PayinRow>('status', t('list.column.status'), (row) => (
    <>
      <StatusBadge status={row.status} />
      <PayinAfterCareBadges row={row} />
    </>
  ));

/** The pay-in lists' columns, in their default order. */
export const payinColumns = (
  t: TFunction,
  open: (row: PayinRow) => void,
): ListColumn<PayinRow>[] => [
  idColumn<PayinRow>(t, open),
  textColumn<PayinRow>('order_id', t('list.column.orderId')),
  merchantColumn<PayinRow>(t),
  resellerColumn<PayinRow>(t),
  textColumn<PayinRow>('payment_gateway_code', t('list.column.gateway')),
  textColumn<PayinRow>('gateway_reference', t('list.column.gatewayReference')),
  amountColumn<PayinRow>('amount', t('list.column.amount')),
  amountColumn<PayinRow>('fee', t('list.column.fee')),
  amountColumn<PayinRow>('net_amount', t('list.column.netAmount')),
  payinStatusColumn(t),
  createdOf<PayinRow>(t),
  instantColumn<PayinRow>('updated_at', t('list.column.updatedAt')),
  instantColumn<PayinRow>('completed_at', t('list.column.completedAt')),
];
