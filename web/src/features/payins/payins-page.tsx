import { getPayinList } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { payinColumns } from './payin-columns';

/** /transactions: every pay-in in the viewer's scope, newest first. */
export default function PayinsPage() {
  return (
    <MoneyListScreen call={getPayinList} kind="payin" listId="payins" columns={payinColumns} />
  );
}
