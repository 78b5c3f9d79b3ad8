import type { ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import type { ListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { PrintButton } from '../../ui/report/print-button';
import { ReportSummary } from '../../ui/report/report-summary';

/** A balance settlement report: title, hint, the list (with print) and its summary. */
export function BalanceSettlementView<Row extends { id: string }>({
  list,
  columns,
  listId,
  hint,
}: {
  list: ListPage<Row>;
  columns: readonly ListColumn<Row>[];
  listId: string;
  hint: string;
}) {
  return (
    <>
      <RouteTitle />
      <p className="text-muted small" data-testid="report-hint">
        {hint}
      </p>
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
