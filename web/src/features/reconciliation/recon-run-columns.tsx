import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathOf, type ReconRunRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { ResolvedProgress } from '../../ui/resolved-progress';
import { periodDay } from './api/recon-api';

type Row = ReconRunRow;
const numeric = { headerClassName: 'text-end', cellClassName: 'text-end' };
const day = { cellClassName: 'text-nowrap' };

/** /reconciliation's columns: which gateway and period, from which file, how it matched. */
export const reconRunColumns = (t: TFunction): ListColumn<Row>[] => [
  column<Row>('payment_gateway_code', t('reconciliation.column.gateway'), (r) => (
    <Link
      to={pathOf('reconciliationRun', { id: r.id })}
      aria-label={t('reconciliation.open', {
        gateway: r.payment_gateway_code,
        from: periodDay(r.period_from),
        to: periodDay(r.period_to),
      })}
      data-testid="recon-run-open"
    >
      <bdi>{r.payment_gateway_code}</bdi>
    </Link>
  )),
  // A period is whole UTC days: shown as its days, as on the run's page.
  column<Row>('period_from', t('reconciliation.import.from'), (r) => periodDay(r.period_from), day),
  column<Row>('period_to', t('reconciliation.import.to'), (r) => periodDay(r.period_to), day),
  column<Row>('file_name', t('reconciliation.column.file'), (r) => (
    <bdi className="text-break small">{r.file_name}</bdi>
  )),
  column<Row>('source', t('reconciliation.column.source'), (r) =>
    t(`reconciliation.source.${r.source}`),
  ),
  column<Row>('line_count', t('reconciliation.column.lines'), (r) => r.line_count, numeric),
  column<Row>('matched_count', t('reconciliation.column.matched'), (r) => r.matched_count, numeric),
  column<Row>(
    'difference_count',
    t('reconciliation.column.differences'),
    (r) => <span data-testid="recon-run-differences">{r.difference_count}</span>,
    numeric,
  ),
  column<Row>(
    'resolved_count',
    t('reconciliation.column.progress'),
    (r) => <ResolvedProgress resolved={r.resolved_count} differences={r.difference_count} short />,
    numeric,
  ),
  column<Row>('created_by', t('reconciliation.column.importedBy'), (r) => (
    <bdi>{r.created_by}</bdi>
  )),
  dateColumn<Row>('created_at', t('reconciliation.column.importedAt'), (r) => r.created_at),
];
