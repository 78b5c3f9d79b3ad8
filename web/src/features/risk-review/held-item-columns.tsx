import type { TFunction } from 'i18next';
import {
  approveHeldItem,
  declineHeldItem,
  decideHeldItems,
  RISK_HELD_STATUS,
  type HeldItemRow,
} from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import {
  amountColumn,
  approvalsColumn,
  createdOf,
  idColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';
import { approveEffect, declineEffect } from './held-item-words';

type Row = HeldItemRow;

const held = (row: Row) => row.status === RISK_HELD_STATUS;

/** The rules that held the item, one line each. */
const heldByColumn = (t: TFunction) =>
  column<Row>(
    'held_by',
    t('riskReview.column.heldBy'),
    (row) => (
      <ul className="list-unstyled mb-0 small" data-testid="held-by">
        {(row.held_by.length ? row.held_by : [t('riskReview.heldByUnknown')]).map((name) => (
          <li key={name}>
            <i className="bi bi-shield-exclamation text-warning me-1" aria-hidden />
            <bdi>{name}</bdi>
          </li>
        ))}
      </ul>
    ),
    { label: t('riskReview.column.heldBy') },
  );

/** The queue's columns, in their default order: what it is, whose, how much, why, how far. */
export const heldItemColumns = (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  column<Row>('kind', t('riskReview.column.kind'), (row) => t(`money.kind.${row.kind}`)),
  column<Row>('owner', t('riskReview.column.owner'), (row) => (
    <bdi>{row.merchant_db_code ?? row.reseller_db_code}</bdi>
  )),
  textColumn<Row>('order_id', t('list.column.orderId')),
  textColumn<Row>('destination', t('riskReview.column.destination')),
  amountColumn<Row>('amount', t('list.column.amount')),
  amountColumn<Row>('fee', t('list.column.fee')),
  heldByColumn(t),
  approvalsColumn<Row>(t, held),
  statusOf<Row>(t),
  createdOf<Row>(t),
];

/**
 * Approve (the item's approval: distinct reviewers, never whoever asked; the last one it needs
 * sends it on) or decline (rejected, its money given back) a held item, one or several; the
 * confirmation says what it does to the very item.
 */
export const HELD_ITEM_DECISIONS: readonly Decision<Row>[] = [
  {
    verb: 'approve',
    call: approveHeldItem,
    bulkCall: decideHeldItems,
    appliesTo: held,
    asks: 'note',
    describe: approveEffect,
  },
  {
    verb: 'reject',
    label: 'riskReview.decline',
    call: declineHeldItem,
    bulkCall: decideHeldItems,
    appliesTo: held,
    asks: 'rejection',
    describe: declineEffect,
  },
];
