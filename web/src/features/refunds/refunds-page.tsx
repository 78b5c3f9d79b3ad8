import { getRefundList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { REFUND_DECISIONS, refundColumns } from './refund-columns';

/** /refunds/list: every refund in the viewer's scope, newest first; admins decide pending ones. */
export default function RefundsPage() {
  return (
    <MoneyListScreen
      call={getRefundList}
      kind="refund"
      listId="refunds"
      columns={refundColumns}
      decisions={REFUND_DECISIONS}
    />
  );
}
