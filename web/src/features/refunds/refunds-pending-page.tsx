import { getRefundList, REFUND_PENDING_STATUSES } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { REFUND_DECISIONS, refundColumns } from './refund-columns';

const PENDING = { pendingOnly: '1' } as const;

/** /refunds/pending-list (admins): refunds waiting for two approvals, read again every minute. */
export default function RefundsPendingPage() {
  return (
    <MoneyListScreen
      call={getRefundList}
      kind="refund"
      listId="refunds-pending"
      fixed={PENDING}
      statuses={REFUND_PENDING_STATUSES}
      columns={refundColumns}
      decisions={REFUND_DECISIONS}
      queue
      moneyOut
    />
  );
}
