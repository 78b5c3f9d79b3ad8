import { getWithdrawalList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { REQUEST_KINDS } from '../../ui/money/request/request-kinds';
import { WITHDRAWAL_DECISIONS, withdrawalColumns } from './withdrawal-columns';

/** /withdrawals/list: resellers' commission withdrawals in scope. */
export default function WithdrawalsPage() {
  return (
    <MoneyListScreen
      call={getWithdrawalList}
      kind="withdrawal"
      listId="withdrawals"
      columns={withdrawalColumns}
      decisions={WITHDRAWAL_DECISIONS}
      request={REQUEST_KINDS.withdrawal}
    />
  );
}
