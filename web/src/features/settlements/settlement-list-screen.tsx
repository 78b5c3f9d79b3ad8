import { useMemo } from 'react';
import {
  getSettlementList,
  getSettlementWalletList,
  SETTLEMENT_PENDING_STATUSES,
  type SettlementRow,
} from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { REQUEST_KINDS } from '../../ui/money/request/request-kinds';
import { settlementColumns, settlementDecisions } from './settlement-columns';

const PENDING = { pendingOnly: '1' } as const;

/** A settlement list (to bank or to the USDT wallet), whole or as its approval queue. */
export function SettlementListScreen({
  destination,
  queue = false,
}: {
  destination: SettlementRow['destination'];
  queue?: boolean;
}) {
  const columns = useMemo(() => settlementColumns(destination), [destination]);
  const decisions = useMemo(() => settlementDecisions(destination), [destination]);
  const bank = destination === 'bank';
  return (
    <MoneyListScreen
      call={bank ? getSettlementList : getSettlementWalletList}
      kind={bank ? 'settlement' : 'settlement_wallet'}
      listId={`${bank ? 'settlements' : 'settlement-wallet'}${queue ? '-pending' : ''}`}
      fixed={queue ? PENDING : undefined}
      statuses={queue ? SETTLEMENT_PENDING_STATUSES : undefined}
      columns={columns}
      decisions={decisions}
      queue={queue}
      moneyOut={queue}
      request={queue ? undefined : REQUEST_KINDS[bank ? 'settlement' : 'settlement_wallet']}
    />
  );
}
