import { DISPUTE_PENDING_STATUSES, getDisputeList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { disputeColumns } from './dispute-columns';

const NEEDS_RESPONSE = { status: 'opened' } as const;
const NEAREST_DEADLINE_FIRST = { sort: 'respond_by', direction: 'asc' } as const;

/**
 * /disputes/pending-list: the disputes that need an answer, the nearest deadline first, each
 * with its countdown; read again every minute. For admins it is the "expiring soon" queue.
 */
export default function DisputesPendingPage() {
  return (
    <MoneyListScreen
      call={getDisputeList}
      kind="dispute"
      listId="disputes-pending"
      fixed={NEEDS_RESPONSE}
      defaultSort={NEAREST_DEADLINE_FIRST}
      statuses={DISPUTE_PENDING_STATUSES}
      columns={disputeColumns}
      queue
    />
  );
}
