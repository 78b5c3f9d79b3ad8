import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../../lib/current-route';
import { ColumnChooser } from './column-chooser';
import { useCountedByTotals } from './counted-by-totals';
import { NO_PREFS } from './column-prefs';
import type { ListColumn } from './columns';
import { DataTable } from './data-table';
import { emptyTextOf } from './empty-text';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';
import { ListTotals } from './list-totals';
import { OpenedFigureNote } from '../opened-figure';
import { Pager } from './pager';
import { SavedViewsMenu } from './saved-views-menu';
import { useDataTable } from './use-data-table';
import type { ListPage } from './use-list-page';
import { useSavedViews } from './use-saved-views';

/**
 * A whole list screen's body: filter bar, saved views, column chooser, export, the totals of the filtered
 * set (lists of money), the table and the pager, around what `useListPage` returns. A list
 * screen is its column map plus its call.
 */
export function ListView<Row>({
  list,
  columns,
  listId,
  getRowId,
  exportable = true,
  totals = true,
  actions,
  above,
  caption,
  filteredOutside = false,
}: {
  list: ListPage<Row>;
  columns: readonly ListColumn<Row>[];
  /** Names the stored column choice; unique per list screen. */
  listId: string;
  getRowId?: (row: Row, index: number) => string;
  exportable?: boolean;
  /** Shows the totals strip when the call has totals (`ListPage.hasTotals`). */
  totals?: boolean;
  /** More buttons beside the column chooser and export (e.g. a request form's). */
  actions?: ReactNode;
  /** Shown between the totals and the table (e.g. a bulk-action bar). */
  above?: ReactNode;
  /** The table's caption; the screen's title when not given. */
  caption?: string;
  /** Whether a filter of the screen's own, outside the filter bar, is set (empty: "no match"). */
  filteredOutside?: boolean;
}) {
  const { t } = useTranslation();
  const { routeId } = useCurrentRoute();
  const { state } = list;
  const { table, columnChoice } = useDataTable({
    data: list.rows,
    columns,
    listId,
    defaultHidden: list.defaultHiddenColumns,
    getRowId,
    timeZone: state.timeZone,
    serverSort: {
      sort: state.sort,
      direction: state.direction,
      columns: list.filterSet.sortColumns,
      onChange: list.setSort,
    },
  });
  const saved = useSavedViews(listId, list.filterSet, columnChoice);
  const shown = columnChoice?.prefs ?? NO_PREFS;
  const counted = useCountedByTotals(list, totals && list.hasTotals);
  const empty = emptyTextOf(t, listId, filteredOutside || Object.keys(state.filters).length > 0);
  // What lays out beside the table with its columns (a report's totals) follows the choice.
  useEffect(() => list.shownColumns.set(shown), [list.shownColumns, shown]);
  return (
    <div className="card" data-testid="list-view">
      <div className="card-body">
        <FilterBar
          list={list}
          counted={counted}
          actions={
            <>
              <SavedViewsMenu saved={saved} />
              {columnChoice && <ColumnChooser table={table} choice={columnChoice} />}
              {exportable && <ExportButton list={list} />}
              {actions}
            </>
          }
        />
        <OpenedFigureNote />
        {totals && list.hasTotals && <ListTotals list={list} />}
        {above}
        <DataTable
          table={table}
          status={list.status}
          refreshing={list.refreshing}
          onRetry={list.retry}
          emptyMessage={
            <>
              <span className="d-block fw-semibold" data-testid="list-empty-title">
                {empty.title}
              </span>
              {empty.hint && (
                <span className="d-block small mt-1" data-testid="list-empty-hint">
                  {empty.hint}
                </span>
              )}
            </>
          }
          stickyHeader
          rowTestId="list-row"
          testId="list-table"
          caption={caption ?? t(`routes.${routeId}`)}
        />
        <Pager
          page={state.page}
          pageSize={state.pageSize}
          total={list.total}
          rowsOnPage={list.rows?.length ?? 0}
          capped={list.totalIsCapped}
          counted={counted}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      </div>
    </div>
  );
}
