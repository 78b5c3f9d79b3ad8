import { getPayoutList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { IN_HOUSE_OUTCOMES, payoutColumns } from './payout-columns';

const APPROVED_IN_HOUSE = { inHouseOnly: '1', status: 'processing' } as const;

/**
 * /in-house-payouts/pending-list (admin): approved pay-outs the team executes by hand; each is
 * marked done with its bank reference, or failed with the reason.
 */
export default function InHousePayoutsPage() {
  return (
    <MoneyListScreen
      call={getPayoutList}
      kind="payout"
      listId="in-house-payouts"
      fixed={APPROVED_IN_HOUSE}
      columns={payoutColumns}
      decisions={IN_HOUSE_OUTCOMES}
      queue
    />
  );
}
