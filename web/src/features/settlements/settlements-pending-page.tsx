import { SettlementListScreen } from './settlement-list-screen';

/** /settlement/pending-list: settlements to bank waiting for a decision. */
export default function SettlementsPendingPage() {
  return <SettlementListScreen destination="bank" queue />;
}
