import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { orderedColumns } from '../list/column-prefs';
import type { ListColumn } from '../list/columns';
import { TableScroll } from '../list/table-scroll';
import { useShownColumns } from '../list/shown-columns';
import type { ListPage } from '../list/use-list-page';
import { readReportAnswer, totalsCellKind } from './report-answer';
import './report.css';

/**
 * What a report shows under its table: the period the server read (days and time zone), a red
 * alert listing the differences its reconciliation found (a report never hides one), and its
 * totals, one row per currency, laid out with the table's own columns (a spreadsheet's totals
 * row), shown and ordered as the user (or the report's defaults) chose the rows' columns. A
 * column the totals have no figure for is blank; the first one names the currency.
 */
export function ReportSummary<Row>({
  list,
  columns,
}: {
  list: ListPage<Row>;
  columns: readonly ListColumn<Row>[];
}) {
  const { t } = useTranslation();
  const { period, differences, totals } = readReportAnswer(list.answer);
  // The rows' columns as the user (or the report's defaults) chose them.
  const shown = useShownColumns(list.shownColumns);
  const ids = columns.map((c) => c.id ?? '');
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: totals as Row[],
    columns: columns as ListColumn<Row>[],
    getCoreRowModel: getCoreRowModel(),
    meta: { timeZone: list.state.timeZone },
    state: {
      columnVisibility: Object.fromEntries(shown.hidden.map((id) => [id, false])),
      columnOrder: orderedColumns(ids, {
        ...shown,
        order: shown.order.filter((id) => ids.includes(id)),
      }),
    },
  });
  if (!list.answer) return null;
  return (
    <div className="card mt-3" data-testid="report-summary">
      <div className="card-body">
        {period && (
          <p className="small text-muted mb-2" data-testid="report-period">
            {t('reportProfit.kit.period', {
              from: period.from_day,
              to: period.to_day,
              zone: t(`dashboard.timeZones.${period.time_zone}`),
            })}
          </p>
        )}
        {differences.length > 0 && (
          <div className="alert alert-danger py-2" role="alert" data-testid="report-differences">
            <div className="fw-semibold">{t('reportProfit.kit.differences')}</div>
            <ul className="mb-0">
              {differences.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          </div>
        )}
        <h2 className="h6 mb-2">{t('reportProfit.kit.totals')}</h2>
        {totals.length === 0 ? (
          <p className="text-muted small mb-0" data-testid="report-totals-empty">
            {t('reportProfit.kit.noTotals')}
          </p>
        ) : (
          <TableScroll label={t('reportProfit.kit.totals')}>
            <table
              className="table table-sm table-bordered mb-0 report-totals-table"
              data-testid="report-totals"
            >
              <thead className="table-light">
                <tr>
                  {table.getFlatHeaders().map((h) => (
                    <th key={h.id} className={h.column.columnDef.meta?.headerClassName}>
                      {flexRender(h.column.columnDef.header, h.getContext())}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className="fw-semibold"
                    data-testid="report-totals-row"
                    data-currency={(row.original as { currency?: string }).currency}
                  >
                    {row.getVisibleCells().map((cell, i) => {
                      const kind = totalsCellKind(cell.column.id, row.original, i);
                      return (
                        <td key={cell.id} className={cell.column.columnDef.meta?.cellClassName}>
                          {kind === 'figure'
                            ? flexRender(cell.column.columnDef.cell, cell.getContext())
                            : kind === 'label'
                              ? t('reportProfit.kit.totalOf', {
                                  currency: (row.original as { currency?: string }).currency,
                                })
                              : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </div>
    </div>
  );
}
