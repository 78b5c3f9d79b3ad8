import { getAdjustmentList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { AdjustmentButton } from './adjustment-button';
import { ADJUSTMENT_DECISIONS, adjustmentColumns } from './adjustment-columns';

/**
 * /balance-adjustments/list (admins): every balance adjustment, newest first, with the
 * "New adjustment" form; pending ones are approved or rejected here too.
 */
export default function AdjustmentsPage() {
  return (
    <MoneyListScreen
      call={getAdjustmentList}
      kind="adjustment"
      listId="adjustments"
      columns={adjustmentColumns}
      decisions={ADJUSTMENT_DECISIONS}
      actions={<AdjustmentButton />}
    />
  );
}
