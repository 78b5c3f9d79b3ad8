import { getWithdrawalHistory } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { withdrawalHistoryColumns } from './withdrawal-history-columns';

/**
 * /withdrawal-history/list: every reseller withdrawal ever decided (approved, completed or
 * rejected), with the money lists' filters, totals, export and detail drawer; no decisions.
 */
export default function WithdrawalHistoryPage() {
  return (
    <MoneyListScreen
      call={getWithdrawalHistory}
      kind="withdrawal"
      listId="withdrawal-history"
      columns={withdrawalHistoryColumns}
    />
  );
}
