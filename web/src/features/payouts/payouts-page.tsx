import { getPayoutList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { REQUEST_KINDS } from '../../ui/money/request/request-kinds';
import { ALL_PAYOUT_DECISIONS, payoutColumns } from './payout-columns';

/** /payouts/list: every pay-out in scope. */
export default function PayoutsPage() {
  return (
    <MoneyListScreen
      call={getPayoutList}
      kind="payout"
      listId="payouts"
      columns={payoutColumns}
      decisions={ALL_PAYOUT_DECISIONS}
      request={REQUEST_KINDS.payout}
    />
  );
}
