import type { TFunction } from 'i18next';
import type { ReconLineRow } from '@bo/contract';
import {
  column,
  dateColumn,
  moneyColumn,
  selectColumn,
  type ListColumn,
} from '../../ui/list/columns';

type Row = ReconLineRow;

const statusText = (t: TFunction, status: Row['status']) =>
  status ? t(`reconciliation.status.${status}`) : '';

/** A run's lines: the statement's side beside ours, with the class each landed in. */
export const reconLineColumns = (t: TFunction): ListColumn<Row>[] => [
  column<Row>('line_no', t('reconciliation.column.line'), (r) => r.line_no ?? '—', {
    headerClassName: 'text-end',
    cellClassName: 'text-end',
  }),
  column<Row>('class', t('reconciliation.column.class'), (r) => (
    <>
      <span
        className={`badge ${r.class === 'matched' ? 'bg-success-subtle text-success-emphasis' : 'bg-warning-subtle text-warning-emphasis'}`}
        data-testid="recon-line-class"
        data-class={r.class}
      >
        {t(`reconciliation.class.${r.class}`)}
      </span>
      {r.outside_period && (
        <div className="small text-muted" data-testid="recon-line-outside">
          {t('reconciliation.outsidePeriod')}
        </div>
      )}
    </>
  )),
  column<Row>('reference', t('reconciliation.column.reference'), (r) => (
    <bdi className="font-monospace small">{r.reference}</bdi>
  )),
  column<Row>('order_id', t('reconciliation.column.orderId'), (r) => (
    <bdi className="small">{r.order_id}</bdi>
  )),
  moneyColumn<Row>(
    'amount',
    t('reconciliation.column.amount'),
    (r) => r.amount,
    (r) => r.currency,
  ),
  moneyColumn<Row>(
    'our_amount',
    t('reconciliation.column.ourAmount'),
    (r) => r.our_amount,
    (r) => r.our_currency ?? r.currency,
  ),
  moneyColumn<Row>(
    'fee',
    t('reconciliation.column.fee'),
    (r) => r.fee,
    (r) => r.currency,
  ),
  moneyColumn<Row>(
    'our_fee',
    t('reconciliation.column.ourFee'),
    (r) => r.our_fee,
    (r) => r.our_currency ?? r.currency,
  ),
  column<Row>('status', t('reconciliation.column.status'), (r) => statusText(t, r.status)),
  column<Row>('our_status', t('reconciliation.column.ourStatus'), (r) =>
    statusText(t, r.our_status),
  ),
  column<Row>('our_kind', t('reconciliation.column.ourKind'), (r) =>
    r.our_kind ? (
      <>
        {t(`reconciliation.kind.${r.our_kind}`)} <bdi className="small text-muted">{r.our_id}</bdi>
      </>
    ) : (
      ''
    ),
  ),
  dateColumn<Row>('occurred_at', t('reconciliation.column.time'), (r) => r.occurred_at),
  column<Row>('resolution', t('reconciliation.column.resolution'), (r) =>
    r.resolution ? (
      <span
        className={`badge ${r.resolution_status === 'done' ? 'bg-success-subtle text-success-emphasis' : 'bg-info-subtle text-info-emphasis'}`}
        data-testid="recon-line-resolution"
        data-resolution={r.resolution}
        data-status={r.resolution_status}
      >
        {r.resolution_status === 'pending'
          ? t('reconciliation.resolve.waits', {
              done: t(`reconciliation.resolution.${r.resolution}`),
            })
          : t(`reconciliation.resolution.${r.resolution}`)}
      </span>
    ) : r.closed_write_off ? (
      // A write-off that ended without posting: the line is open to resolving again.
      <span
        className="badge bg-secondary-subtle text-secondary-emphasis"
        data-testid="recon-line-resolution"
        data-resolution="write_off"
        data-status={r.closed_write_off}
      >
        {t(`reconciliation.writeOff.closed.${r.closed_write_off}`)}
      </span>
    ) : (
      ''
    ),
  ),
];

/** The first column: a box choosing a line that can be resolved or decided. */
export const lineSelectColumn = (
  t: TFunction,
  selected: ReadonlySet<number>,
  choosable: (row: Row) => boolean,
  onToggle: (seq: number, on: boolean) => void,
): ListColumn<Row> =>
  selectColumn<Row>({
    label: t('money.selection'),
    boxLabel: (r) => t('reconciliation.resolve.select', { line: r.reference || r.our_id || r.seq }),
    testId: 'recon-line-select',
    isChoosable: choosable,
    isChosen: (r) => selected.has(r.seq),
    onToggle: (r, on) => onToggle(r.seq, on),
  });
