import { ADJUSTMENT_PENDING_STATUSES, getAdjustmentList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { AdjustmentButton } from './adjustment-button';
import { ADJUSTMENT_DECISIONS, adjustmentColumns } from './adjustment-columns';

const PENDING = { pendingOnly: '1' } as const;

/**
 * /balance-adjustments/pending-list (admins): adjustments waiting for other admins' approval
 * (two, or three for a large debit), decided one by one or in bulk, read again every minute.
 */
export default function AdjustmentsPendingPage() {
  return (
    <MoneyListScreen
      call={getAdjustmentList}
      kind="adjustment"
      listId="adjustments-pending"
      fixed={PENDING}
      statuses={ADJUSTMENT_PENDING_STATUSES}
      columns={adjustmentColumns}
      decisions={ADJUSTMENT_DECISIONS}
      queue
      moneyOut
      actions={<AdjustmentButton />}
    />
  );
}
