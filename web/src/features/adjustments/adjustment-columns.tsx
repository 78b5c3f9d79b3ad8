import type { TFunction } from 'i18next';
import {
  approveAdjustment,
  decideAdjustments,
  rejectAdjustment,
  type getAdjustmentList,
} from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import type { RowOf } from '../../ui/list/use-list-page';
import {
  accountColumn,
  amountColumn,
  approvalsColumn,
  createdOf,
  idColumn,
  instantColumn,
  statusOf,
  textColumn,
} from '../../ui/money/money-columns';
import type { Decision } from '../../ui/money/decisions';

export type AdjustmentRow = RowOf<typeof getAdjustmentList>;
type Row = AdjustmentRow;

const pending = (row: Row) => row.status === 'pending_approval';

/** Credit or debit as a badge: + in green for money given, − in red for money taken. */
const directionColumn = (t: TFunction) =>
  column<Row>(
    'direction',
    t('adjustments.column.direction'),
    (row) => {
      const credit = row.direction === 'credit';
      return (
        <span
          className={`badge ${credit ? 'bg-success-subtle text-success-emphasis' : 'bg-danger-subtle text-danger-emphasis'}`}
          data-direction={row.direction}
          data-testid="adjustment-direction"
        >
          <span aria-hidden>{credit ? '+ ' : '− '}</span>
          {t(`money.adjustmentDirection.${row.direction}`)}
        </span>
      );
    },
    { label: t('adjustments.column.direction') },
  );

/** The adjustment lists' columns, in their default order. */
export const adjustmentColumns = (t: TFunction, open: (row: Row) => void): ListColumn<Row>[] => [
  idColumn<Row>(t, open),
  accountColumn<Row>(
    'owner_name',
    t('adjustments.column.owner'),
    (row) => row.owner_name,
    (row) => row.owner_db_code,
  ),
  directionColumn(t),
  amountColumn<Row>('amount', t('list.column.amount')),
  column<Row>('balance', t('adjustments.column.balance'), (row) =>
    t(`adjustments.balance.${row.balance}`),
  ),
  column<Row>('reason_code', t('adjustments.column.reason'), (row) =>
    t(`money.adjustmentReason.${row.reason_code}`),
  ),
  textColumn<Row>('note', t('list.column.note')),
  textColumn<Row>('related_id', t('adjustments.column.related')),
  statusOf<Row>(t),
  approvalsColumn<Row>(t, pending),
  createdOf<Row>(t),
  instantColumn<Row>('decided_at', t('list.column.decidedAt')),
];

/**
 * Approve (maker-checker: other admins than the one who asked; the last approval it needs
 * moves the money) or reject a pending adjustment (nothing moves).
 */
export const ADJUSTMENT_DECISIONS: readonly Decision<Row>[] = [
  {
    verb: 'approve',
    call: approveAdjustment,
    bulkCall: decideAdjustments,
    appliesTo: pending,
    asks: 'note',
    effect: 'adjustments.decision.approve',
  },
  {
    verb: 'reject',
    call: rejectAdjustment,
    bulkCall: decideAdjustments,
    appliesTo: pending,
    asks: 'rejection',
    effect: 'adjustments.decision.reject',
  },
];
