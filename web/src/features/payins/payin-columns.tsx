import type { TFunction } from 'i18next';
import type { AccountType, PayinRow } from '@bo/contract';
import { column, hiddenUntilChosen, type ListColumn } from '../../ui/list/columns';
import { StatusBadge } from '../../ui/list/status-badge';
import {
  merchantColumn,
  resellerColumn,
  amountColumn,
  createdOf,
  idColumn,
  instantColumn,
  textColumn,
} from '../../ui/money/money-columns';
import { PayinAfterCareBadges } from './payin-after-care';

/**
 * A pay-in's status with what its refunds and an open dispute did to it beside it; on a phone's
 * card, where every list's status stands.
 */
const payinStatusColumn = (t: TFunction) =>
  column<PayinRow>(
    'status',
    t('list.column.status'),
    (row) => (
      <>
        <StatusBadge status={row.status} />
        <PayinAfterCareBadges row={row} />
      </>
    ),
    { card: 'status' },
  );

/** Who sees the Merchant column, so has less room for the rest. */
const WITH_ACCOUNTS: readonly AccountType[] = ['admin', 'reseller'];

/**
 * The pay-in lists' columns, in their default order: what an operator reads first (amount,
 * status, created) fits a 1,440 px screen; the rest come from the column chooser.
 */
export const payinColumns = (
  t: TFunction,
  open: (row: PayinRow) => void,
): ListColumn<PayinRow>[] => [
  idColumn<PayinRow>(t, open),
  textColumn<PayinRow>('order_id', t('list.column.orderId')),
  merchantColumn<PayinRow>(t),
  amountColumn<PayinRow>('amount', t('list.column.amount')),
  payinStatusColumn(t),
  createdOf<PayinRow>(t),
  resellerColumn<PayinRow>(t),
  // A merchant's table has room for its fees (it has no Merchant or Reseller column).
  hiddenUntilChosen(amountColumn<PayinRow>('fee', t('list.column.fee')), WITH_ACCOUNTS),
  hiddenUntilChosen(
    amountColumn<PayinRow>('net_amount', t('list.column.netAmount')),
    WITH_ACCOUNTS,
  ),
  hiddenUntilChosen(textColumn<PayinRow>('payment_gateway_code', t('list.column.gateway'))),
  hiddenUntilChosen(textColumn<PayinRow>('gateway_reference', t('list.column.gatewayReference'))),
  hiddenUntilChosen(instantColumn<PayinRow>('updated_at', t('list.column.updatedAt'))),
  hiddenUntilChosen(instantColumn<PayinRow>('completed_at', t('list.column.completedAt'))),
];
