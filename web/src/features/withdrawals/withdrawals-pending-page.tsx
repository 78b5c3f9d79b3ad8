import { getWithdrawalList, WITHDRAWAL_PENDING_STATUSES } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { WITHDRAWAL_DECISIONS, withdrawalColumns } from './withdrawal-columns';

const PENDING = { pendingOnly: '1' } as const;

/** /withdrawals/pending-list: withdrawals waiting for a decision, read again every minute. */
export default function WithdrawalsPendingPage() {
  return (
    <MoneyListScreen
      call={getWithdrawalList}
      kind="withdrawal"
      listId="withdrawals-pending"
      fixed={PENDING}
      statuses={WITHDRAWAL_PENDING_STATUSES}
      columns={withdrawalColumns}
      decisions={WITHDRAWAL_DECISIONS}
      queue
      moneyOut
    />
  );
}
