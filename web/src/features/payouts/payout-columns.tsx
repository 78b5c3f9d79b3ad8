import type { TFunction } from 'i18next';
import {
  approvePayout,
  completeInHousePayout,
  decidePayouts,
  isPayoutRejectable,
  rejectPayout,
  type PayoutRow,
} from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import {
  merchantColumn,
  resellerColumn,
  amountColumn,
  approvalsColumn,
  bankAccountColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';

const awaitingApproval = (row: PayoutRow) => row.status === 'pending_approval';
/** Awaiting approval, or queued for its gateway's deposit: no gateway holds it yet. */
const rejectable = (row: PayoutRow) => isPayoutRejectable(row.status);

/** The pay-out lists' columns, in their default order. */
export const payoutColumns = (
  t: TFunction,
  open: (row: PayoutRow) => void,
): ListColumn<PayoutRow>[] => [
  idColumn<PayoutRow>(t, open),
  textColumn<PayoutRow>('order_id', t('list.column.orderId')),
  merchantColumn<PayoutRow>(t),
  resellerColumn<PayoutRow>(t),
  bankAccountColumn<PayoutRow>(t),
  column<PayoutRow>('payment_gateway_code', t('list.column.gateway'), (row) =>
    row.is_in_house ? (
      <span className="badge bg-info-subtle text-info-emphasis">{t('money.inHouse')}</span>
    ) : (
      <bdi>{row.payment_gateway_code}</bdi>
    ),
  ),
  textColumn<PayoutRow>('gateway_reference', t('list.column.gatewayReference')),
  amountColumn<PayoutRow>('amount', t('list.column.amount')),
  amountColumn<PayoutRow>('fee', t('list.column.fee')),
  statusOf<PayoutRow>(t),
  approvalsColumn<PayoutRow>(t, awaitingApproval),
  createdOf<PayoutRow>(t),
  instantColumn<PayoutRow>('updated_at', t('list.column.updatedAt')),
  instantColumn<PayoutRow>('completed_at', t('list.column.completedAt')),
];

const inHouseProcessing = (row: PayoutRow) => row.is_in_house && row.status === 'processing';

/** Approve or reject a pay-out waiting for approval. */
export const PAYOUT_APPROVALS: readonly Decision<PayoutRow>[] = [
  {
    verb: 'approve',
    call: approvePayout,
    bulkCall: decidePayouts,
    appliesTo: awaitingApproval,
    asks: 'note',
  },
  {
    verb: 'reject',
    call: rejectPayout,
    bulkCall: decidePayouts,
    appliesTo: rejectable,
    asks: 'rejection',
  },
];

/** Record the outcome of an in-house pay-out executed by hand (the note holds the reference). */
export const IN_HOUSE_OUTCOMES: readonly Decision<PayoutRow>[] = [
  {
    verb: 'complete',
    call: completeInHousePayout,
    appliesTo: inHouseProcessing,
    asks: 'reference',
    fields: { outcome: 'success' },
  },
  {
    verb: 'fail',
    call: completeInHousePayout,
    appliesTo: inHouseProcessing,
    asks: 'reference',
    fields: { outcome: 'failed' },
  },
];

export const ALL_PAYOUT_DECISIONS = [...PAYOUT_APPROVALS, ...IN_HOUSE_OUTCOMES];
