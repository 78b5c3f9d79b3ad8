import { flexRender, type Cell, type Row, type Table } from '@tanstack/react-table';

const headerText = <R,>(cell: Cell<R, unknown>) => {
  const def = cell.column.columnDef;
  return String(def.meta?.label ?? (typeof def.header === 'string' ? def.header : ''));
};

const render = <R,>(cell: Cell<R, unknown>) =>
  flexRender(cell.column.columnDef.cell, cell.getContext());

/**
 * One row as a card (phones): its first column as the title, with the bulk box before it and
 * the status beside it; the other columns as labelled fields; the actions last. Every field
 * wraps inside the card, so nothing needs a sideways scroll.
 */
function RowCard<R>({ row, testId }: { row: Row<R>; testId?: string }) {
  const cells = row.getVisibleCells();
  // A list's own "actions" column is its row actions, as in every list of the kit.
  const roleOf = (cell: Cell<R, unknown>) =>
    cell.column.id === 'select'
      ? 'select'
      : (cell.column.columnDef.meta?.card ??
        (cell.column.id === 'actions' ? 'actions' : undefined));
  const select = cells.find((c) => roleOf(c) === 'select');
  const statuses = cells.filter((c) => roleOf(c) === 'status');
  const actions = cells.filter((c) => roleOf(c) === 'actions');
  const [title, ...fields] = cells.filter((c) => roleOf(c) === undefined);
  return (
    <li className="list-card card" data-testid={testId}>
      <div className="card-body p-2">
        <div className="d-flex align-items-center gap-2 mb-1">
          {select && (
            <span data-testid={select.column.columnDef.meta?.cellTestId}>{render(select)}</span>
          )}
          {title && (
            <span
              className="fw-semibold min-w-0"
              data-testid={title.column.columnDef.meta?.cellTestId}
            >
              {render(title)}
            </span>
          )}
          {statuses.map((cell) => (
            <span
              key={cell.id}
              className="ms-auto"
              data-testid={cell.column.columnDef.meta?.cellTestId}
              data-card="status"
            >
              {render(cell)}
            </span>
          ))}
        </div>
        {fields.length > 0 && (
          <dl className="list-card-fields small mb-0">
            {fields.map((cell) => (
              <div key={cell.id} className="list-card-field" data-column={cell.column.id}>
                <dt className="text-muted fw-normal">{headerText(cell)}</dt>
                <dd className="mb-0" data-testid={cell.column.columnDef.meta?.cellTestId}>
                  {render(cell)}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {actions.map((cell) => (
          <div
            key={cell.id}
            className="list-card-actions mt-2"
            data-testid={cell.column.columnDef.meta?.cellTestId}
            data-card="actions"
          >
            {render(cell)}
          </div>
        ))}
      </div>
    </li>
  );
}

/** The rows of a list kit table as cards, for phones (issue 40: lists fit the screen). */
export function RowCards<R>({
  table,
  label,
  testId,
  rowTestId,
}: {
  table: Table<R>;
  label: string;
  testId?: string;
  rowTestId?: string;
}) {
  return (
    <ul className="list-cards list-unstyled mb-0" aria-label={label} data-testid={testId}>
      {table.getRowModel().rows.map((row) => (
        <RowCard key={row.id} row={row} testId={rowTestId} />
      ))}
    </ul>
  );
}
