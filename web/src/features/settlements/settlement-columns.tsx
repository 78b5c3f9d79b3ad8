import type { TFunction } from 'i18next';
import {
  approveSettlement,
  approveSettlementWallet,
  completeSettlement,
  completeSettlementWallet,
  decideSettlements,
  decideSettlementWallets,
  rejectSettlement,
  rejectSettlementWallet,
  type SettlementRow,
} from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import {
  merchantColumn,
  amountColumn,
  approvalsColumn,
  bankAccountColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';
import { NameText } from '../../ui/name-text';

type Row = SettlementRow;

/** Where a wallet settlement goes: the network and the address the merchant had saved. */
const walletColumn = (t: TFunction): ListColumn<Row> =>
  column<Row>('account_number', t('list.column.wallet'), (row) =>
    row.account_number ? (
      <>
        <NameText className="d-block">{row.bank_name}</NameText>
        <div className="small text-muted font-monospace text-break">
          <bdi>{row.account_number}</bdi>
        </div>
      </>
    ) : null,
  );

/** The settlement lists' columns; the wallet's show the USDT rate and amount. */
export const settlementColumns =
  (destination: Row['destination']) =>
  (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
    idColumn<Row>(t, open),
    merchantColumn<Row>(t),
    destination === 'bank' ? bankAccountColumn<Row>(t) : walletColumn(t),
    amountColumn<Row>('amount', t('list.column.amount')),
    amountColumn<Row>('fee', t('list.column.fee')),
    ...(destination === 'usdt_wallet'
      ? [
          moneyColumn<Row>('usdt_rate', t('list.column.usdtRate'), (row) => row.usdt_rate),
          moneyColumn<Row>(
            'usdt_amount',
            t('list.column.usdtAmount'),
            (row) => row.usdt_amount,
            () => 'USDT',
          ),
        ]
      : []),
    statusOf<Row>(t),
    approvalsColumn<Row>(t, (row) => row.status === 'pending'),
    createdOf<Row>(t),
    instantColumn<Row>('updated_at', t('list.column.updatedAt')),
    instantColumn<Row>('decided_at', t('list.column.decidedAt')),
    instantColumn<Row>('completed_at', t('list.column.completedAt')),
  ];

const CALLS = {
  bank: {
    approve: approveSettlement,
    reject: rejectSettlement,
    complete: completeSettlement,
    bulk: decideSettlements,
  },
  usdt_wallet: {
    approve: approveSettlementWallet,
    reject: rejectSettlementWallet,
    complete: completeSettlementWallet,
    bulk: decideSettlementWallets,
  },
} as const;

/**
 * Settlements' decisions: approve a pending one, complete an approved one once the money is
 * sent, reject either (its reservation goes back to the merchant).
 */
export const settlementDecisions = (destination: Row['destination']): Decision<Row>[] => [
  {
    verb: 'approve',
    call: CALLS[destination].approve,
    bulkCall: CALLS[destination].bulk,
    appliesTo: (row) => row.status === 'pending',
    asks: 'note',
  },
  {
    verb: 'complete',
    call: CALLS[destination].complete,
    appliesTo: (row) => row.status === 'approved',
    // A bank transfer is recorded with the bank's reference and value date.
    asks: destination === 'bank' ? 'bank_transfer' : 'note',
  },
  {
    verb: 'reject',
    call: CALLS[destination].reject,
    bulkCall: CALLS[destination].bulk,
    appliesTo: (row) => row.status === 'pending' || row.status === 'approved',
    asks: 'rejection',
  },
];
