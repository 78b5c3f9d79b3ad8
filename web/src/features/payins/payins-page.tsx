import { getPayinList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { RefundButton } from '../refunds/refund-button';
import { payinColumns } from './payin-columns';

const refundAction = (detail: Parameters<typeof RefundButton>[0]['detail']) => (
  <RefundButton detail={detail} />
);

/** /transactions: every pay-in in the viewer's scope, newest first; a successful one refunds. */
export default function PayinsPage() {
  return (
    <MoneyListScreen
      call={getPayinList}
      kind="payin"
      listId="payins"
      columns={payinColumns}
      detailActions={refundAction}
    />
  );
}
