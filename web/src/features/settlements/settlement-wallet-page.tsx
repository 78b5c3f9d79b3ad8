import { SettlementListScreen } from './settlement-list-screen';

/** /settlement-wallet/list: settlements to the USDT wallet in scope. */
export default function SettlementWalletPage() {
  return <SettlementListScreen destination="usdt_wallet" />;
}
