import type { Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { moveColumn } from './column-prefs';
import { ToolbarDropdown } from './toolbar-dropdown';
import type { ColumnChoice } from './use-data-table';

/**
 * Show, hide and reorder a list's columns; the choice is stored per user (ColumnChoice), and
 * Reset forgets it (back to the list's defaults).
 */
export function ColumnChooser<Row>({ table, choice }: { table: Table<Row>; choice: ColumnChoice }) {
  const { t } = useTranslation();
  const columns = table.getAllLeafColumns();
  const order = columns.map((c) => c.id);
  const hidden = new Set(choice.prefs.hidden);
  const labelOf = (id: string) => {
    const def = columns.find((c) => c.id === id)?.columnDef;
    return String(def?.meta?.label ?? def?.header ?? id);
  };
  const setHidden = (id: string, hide: boolean) => {
    const next = hide ? [...hidden, id] : [...hidden].filter((h) => h !== id);
    // The last visible column stays: a table with no columns shows nothing to bring them back.
    if (next.length >= order.length) return;
    choice.change({ ...choice.prefs, hidden: next });
  };
  const move = (id: string, step: -1 | 1) =>
    choice.change({ ...choice.prefs, order: moveColumn(order, id, step) });
  return (
    <ToolbarDropdown
      icon="bi-layout-three-columns"
      label={t('list.columns')}
      variant="secondary"
      testId="list-columns-button"
      menuClassName="p-2 list-columns-menu"
    >
      {() => (
        <>
          {order.map((id, index) => (
            <div key={id} className="d-flex align-items-center gap-1 py-1">
              <div className="form-check flex-grow-1 mb-0">
                <input
                  id={`list-column-${id}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={!hidden.has(id)}
                  onChange={(e) => setHidden(id, !e.target.checked)}
                  data-testid={`list-column-toggle-${id}`}
                />
                <label className="form-check-label" htmlFor={`list-column-${id}`}>
                  {labelOf(id)}
                </label>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-link p-0"
                disabled={index === 0}
                onClick={() => move(id, -1)}
                aria-label={t('list.moveEarlier', { column: labelOf(id) })}
                data-testid={`list-column-up-${id}`}
              >
                <i className="bi bi-arrow-up" aria-hidden />
              </button>
              <button
                type="button"
                className="btn btn-sm btn-link p-0"
                disabled={index === order.length - 1}
                onClick={() => move(id, 1)}
                aria-label={t('list.moveLater', { column: labelOf(id) })}
              >
                <i className="bi bi-arrow-down" aria-hidden />
              </button>
            </div>
          ))}
          <hr className="my-2" />
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={choice.reset}
            data-testid="list-columns-reset"
          >
            {t('list.resetColumns')}
          </button>
        </>
      )}
    </ToolbarDropdown>
  );
}
