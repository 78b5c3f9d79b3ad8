import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getPayinList, type PayinRow } from '@bo/contract';
import {
  column,
  dateColumn,
  moneyColumn,
  statusColumn,
  type ListColumn,
} from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';

/**
 * THROWAWAY EXAMPLE (issue 9, part 1): the pay-in list at /transactions as a column map plus a
 * call, to show the list kit. The pay-in screen proper replaces this file.
 */
export default function PayinListExamplePage() {
  const { t } = useTranslation();
  const list = useListPage(getPayinList);
  const columns = useMemo(
    (): ListColumn<PayinRow>[] => [
      column('order_id', t('list.column.orderId'), (row) => <bdi>{row.order_id}</bdi>),
      column('merchant_name', t('list.column.merchant'), (row) => (
        <>
          <div>{row.merchant_name}</div>
          <div className="small text-muted">{row.merchant_db_code}</div>
        </>
      )),
      column('payment_gateway_code', t('list.column.gateway'), (row) => row.payment_gateway_code),
      moneyColumn(
        'amount',
        t('list.column.amount'),
        (row) => row.amount,
        (row) => row.currency,
      ),
      moneyColumn(
        'fee',
        t('list.column.fee'),
        (row) => row.fee,
        (row) => row.currency,
      ),
      moneyColumn(
        'net_amount',
        t('list.column.netAmount'),
        (row) => row.net_amount,
        (row) => row.currency,
      ),
      statusColumn('status', t('list.column.status'), (row) => row.status),
      dateColumn('created_at', t('list.column.createdAt'), (row) => row.created_at),
      dateColumn('completed_at', t('list.column.completedAt'), (row) => row.completed_at),
    ],
    [t],
  );
  return (
    <>
      <RouteTitle />
      <ListView list={list} columns={columns} listId="payins" getRowId={(row) => row.id} />
    </>
  );
}
