import { SettlementListScreen } from './settlement-list-screen';

/** /settlement/list: settlements to bank in scope. */
export default function SettlementsPage() {
  return <SettlementListScreen destination="bank" />;
}
