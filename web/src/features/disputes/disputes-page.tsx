import { getDisputeList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { disputeColumns } from './dispute-columns';

/** /disputes/list: every dispute in the viewer's scope, newest first, with its outcome. */
export default function DisputesPage() {
  return (
    <MoneyListScreen
      call={getDisputeList}
      kind="dispute"
      listId="disputes"
      columns={disputeColumns}
    />
  );
}
