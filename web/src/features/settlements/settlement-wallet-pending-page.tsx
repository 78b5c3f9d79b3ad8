import { SettlementListScreen } from './settlement-list-screen';

/** /settlement-wallet/pending-list: settlements to the USDT wallet waiting for a decision. */
export default function SettlementWalletPendingPage() {
  return <SettlementListScreen destination="usdt_wallet" queue />;
}
