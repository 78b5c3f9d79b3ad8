import type { ReactNode } from 'react';
import type { ListColumn } from '../list/columns';
import { ListView } from '../list/list-view';
import type { ListPage } from '../list/use-list-page';
import { RouteTitle } from '../page-title';
import { PrintButton } from './print-button';
import { ReportSummary } from './report-summary';

/**
 * A report screen: its title, `lead` (a way back), the hint, `controls` (what the list's
 * filters do not hold, as an instant to read at), the list (with print) and its summary.
 */
export function ReportView<Row extends { id: string }>({
  list,
  columns,
  listId,
  hint,
  lead,
  controls,
}: {
  list: ListPage<Row>;
  columns: readonly ListColumn<Row>[];
  listId: string;
  hint: string;
  lead?: ReactNode;
  controls?: ReactNode;
}) {
  return (
    <>
      <RouteTitle />
      {lead}
      <p className="text-muted small" data-testid="report-hint">
        {hint}
      </p>
      {controls}
      <ListView
        list={list}
        columns={columns}
        listId={listId}
        getRowId={(r) => r.id}
        actions={<PrintButton />}
      />
      <ReportSummary list={list} columns={columns} />
    </>
  );
}
