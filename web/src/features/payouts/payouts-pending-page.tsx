import { getPayoutList, PAYOUT_PENDING_STATUSES } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { PAYOUT_APPROVALS, payoutColumns } from './payout-columns';

const PENDING = { pendingOnly: '1' } as const;

/** /payouts/pending-list: pay-outs waiting for approval, read again every minute. */
export default function PayoutsPendingPage() {
  return (
    <MoneyListScreen
      call={getPayoutList}
      kind="payout"
      listId="payouts-pending"
      fixed={PENDING}
      statuses={PAYOUT_PENDING_STATUSES}
      columns={payoutColumns}
      decisions={PAYOUT_APPROVALS}
      queue
      moneyOut
    />
  );
}
