import { getTopUpList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { REQUEST_KINDS } from '../../ui/money/request/request-kinds';
import { TOP_UP_DECISIONS, topUpColumns } from './top-up-columns';

/** /top-up/list (admin): top-ups of merchants' pay-out balances, with approve and reject. */
export default function TopUpsPage() {
  return (
    <MoneyListScreen
      call={getTopUpList}
      kind="top_up"
      listId="top-ups"
      columns={topUpColumns}
      decisions={TOP_UP_DECISIONS}
      queue
      request={REQUEST_KINDS.top_up}
    />
  );
}
