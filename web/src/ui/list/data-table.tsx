import { flexRender, type Header, type Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useIsPhone } from '../../lib/use-is-phone';
import { Spinner } from '../spinner';
import { RowCards } from './row-cards';
import { keepStickyStart } from './sticky-start';
import { TableScroll } from './table-scroll';
import './list.css';

export type TableStatus = 'loading' | 'error' | 'ready';

export interface DataTableProps<Row> {
  readonly table: Table<Row>;
  readonly status: TableStatus;
  /** A newer page is on its way while the previous one shows (keepPreviousData). */
  readonly refreshing?: boolean;
  readonly emptyMessage?: ReactNode;
  readonly onRetry?: () => void;
  readonly className?: string;
  /** Skeleton rows (lists) or one spinner row (small cards) while loading. */
  readonly loading?: 'skeleton' | 'spinner';
  readonly skeletonRows?: number;
  /** Header stays in view while the rows scroll (lists). */
  readonly stickyHeader?: boolean;
  readonly rowTestId?: string;
  readonly emptyTestId?: string;
  readonly testId?: string;
  /** What the table holds: its caption (read by screen readers) and its scroll region's name. */
  readonly caption?: string;
  /** Rows as cards on a phone (every list); false keeps a small table a table. */
  readonly cardsOnPhones?: boolean;
}

function SortableHeader<Row>({ header }: { header: Header<Row, unknown> }) {
  const { t } = useTranslation();
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return content;
  const sorted = header.column.getIsSorted();
  const icon =
    sorted === 'asc' ? 'bi-sort-up' : sorted === 'desc' ? 'bi-sort-down' : 'bi-arrow-down-up';
  const label = String(header.column.columnDef.meta?.label ?? header.column.columnDef.header ?? '');
  return (
    <button
      type="button"
      className="list-sort-button"
      onClick={header.column.getToggleSortingHandler()}
      title={t('list.sortBy', { column: label })}
      data-sort={sorted || undefined}
    >
      {content}
      <i className={`bi ${icon} ms-1 ${sorted ? '' : 'text-muted'}`} aria-hidden />
    </button>
  );
}

/**
 * The list kit's table: headers and cells from TanStack column definitions (classes and test ids
 * from each column's `meta`), and rows for loading (skeleton or spinner), empty and error.
 */
export function DataTable<Row>({
  table,
  status,
  refreshing = false,
  emptyMessage,
  onRetry,
  className = 'table table-hover align-middle mb-0',
  loading = 'skeleton',
  skeletonRows = 5,
  stickyHeader = false,
  rowTestId,
  emptyTestId,
  testId,
  caption,
  cardsOnPhones = true,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const columns = table.getVisibleLeafColumns();
  const span = Math.max(1, columns.length);
  const rows = table.getRowModel().rows;
  const fullRow = (content: ReactNode, extra = '', id?: string) => (
    <tr>
      <td colSpan={span} className={`text-center py-4 ${extra}`} data-testid={id}>
        {/* Centred in the box on show, not across a table wider than the screen. */}
        <div className="list-full-row">{content}</div>
      </td>
    </tr>
  );
  let body: ReactNode;
  if (status === 'loading' && loading === 'spinner') body = fullRow(<Spinner />);
  else if (status === 'loading')
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={i} data-testid="list-skeleton-row" aria-hidden>
        {columns.map((c) => (
          <td key={c.id}>
            <span className="list-skeleton" />
          </td>
        ))}
      </tr>
    ));
  else if (status === 'error')
    body = fullRow(
      <>
        <p className="text-muted mb-2">{t('list.loadFailed')}</p>
        {onRetry && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={onRetry}>
            <i className="bi bi-arrow-clockwise me-1" aria-hidden />
            {t('list.retry')}
          </button>
        )}
      </>,
      '',
      'list-error',
    );
  else if (rows.length === 0)
    body = fullRow(emptyMessage ?? t('list.empty'), 'text-muted', emptyTestId ?? 'list-empty');
  else
    body = rows.map((row) => (
      <tr key={row.id} data-testid={rowTestId}>
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            className={cell.column.columnDef.meta?.cellClassName}
            data-testid={cell.column.columnDef.meta?.cellTestId}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  if (cardsOnPhones && isPhone && status === 'ready' && rows.length > 0)
    return (
      <div aria-busy={refreshing || undefined} className={refreshing ? 'opacity-75' : undefined}>
        <RowCards
          table={table}
          label={caption ?? t('list.table')}
          testId={testId}
          rowTestId={rowTestId}
        />
      </div>
    );
  return (
    <TableScroll
      label={caption ?? t('list.table')}
      className={`table-responsive list-table-box ${stickyHeader ? 'list-table-scroll' : ''}`}
    >
      <table ref={keepStickyStart} className={`${className} list-table`} data-testid={testId}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead className={stickyHeader ? 'table-light list-sticky-head' : 'table-light'}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={header.column.columnDef.meta?.headerClassName}
                  data-column={header.column.id}
                  aria-sort={
                    header.column.getIsSorted() === 'asc'
                      ? 'ascending'
                      : header.column.getIsSorted() === 'desc'
                        ? 'descending'
                        : undefined
                  }
                >
                  {header.isPlaceholder ? null : <SortableHeader header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody aria-busy={refreshing || undefined}>{body}</tbody>
      </table>
    </TableScroll>
  );
}
