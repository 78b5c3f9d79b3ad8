import type { TFunction } from 'i18next';
import type { PayinRow } from '@bo/contract';
import type { ListColumn } from '../../ui/list/columns';
import {
  accountColumn,
  amountColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';

/** The pay-in lists' columns, in their default order. */
export const payinColumns = (
  t: TFunction,
  open: (row: PayinRow) => void,
): ListColumn<PayinRow>[] => [
  idColumn<PayinRow>(t, open),
  textColumn<PayinRow>('order_id', t('list.column.orderId')),
  accountColumn<PayinRow>(
    'merchant_name',
    t('list.column.merchant'),
    (row) => row.merchant_name,
    (row) => row.merchant_db_code,
  ),
  accountColumn<PayinRow>(
    'reseller_name',
    t('list.column.reseller'),
    (row) => row.reseller_name ?? '',
    (row) => row.reseller_db_code ?? '',
  ),
  textColumn<PayinRow>('payment_gateway_code', t('list.column.gateway')),
  textColumn<PayinRow>('gateway_reference', t('list.column.gatewayReference')),
  amountColumn<PayinRow>('amount', t('list.column.amount')),
  amountColumn<PayinRow>('fee', t('list.column.fee')),
  amountColumn<PayinRow>('net_amount', t('list.column.netAmount')),
  statusOf<PayinRow>(t),
  createdOf<PayinRow>(t),
  instantColumn<PayinRow>('updated_at', t('list.column.updatedAt')),
  instantColumn<PayinRow>('completed_at', t('list.column.completedAt')),
];
