import { useMemo, useState } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type SortingState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import type { SortDirection, TimezoneChoice } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import {
  clearColumnPrefs,
  columnPrefsKey,
  NO_PREFS,
  orderedColumns,
  prefsOrDefaults,
  readColumnPrefs,
  writeColumnPrefs,
  type ColumnPrefs,
} from './column-prefs';
import { columnsShownTo, hiddenByDefault, type ListColumn } from './columns';

export interface ServerSort {
  readonly sort: string | null;
  readonly direction: SortDirection | null;
  /** The columns the call sorts by: only these headers become sort buttons. */
  readonly columns: readonly string[];
  readonly onChange: (sort: string | null, direction: SortDirection | null) => void;
}

export interface DataTableOptions<Row> {
  readonly data: readonly Row[] | undefined;
  readonly columns: readonly ListColumn<Row>[];
  readonly getRowId?: (row: Row, index: number) => string;
  readonly timeZone?: TimezoneChoice;
  /** Remembers the column choice per user under this list id; without it, no chooser. */
  readonly listId?: string;
  /**
   * Columns hidden while the user has made no choice of their own (a report's defaults from
   * /report-setting); their own choice, once made, wins. "Reset columns" comes back to these.
   */
  readonly defaultHidden?: readonly string[];
  readonly serverSort?: ServerSort;
}

export interface ColumnChoice {
  readonly prefs: ColumnPrefs;
  readonly change: (prefs: ColumnPrefs) => void;
  /** Forgets the user's choice: the list's defaults apply again. */
  readonly reset: () => void;
}

const EMPTY: never[] = [];

/**
 * The column choice of the signed-in user for a list, saved as it changes; while they have made
 * none, the list's default hidden columns.
 */
function useColumnChoice(
  listId: string | undefined,
  columnIds: readonly string[],
  defaultHidden: readonly string[],
): ColumnChoice {
  const username = useSessionUser()?.username ?? '';
  const key = listId ? columnPrefsKey(username, listId) : null;
  const [state, setState] = useState<{ key: string | null; own: ColumnPrefs | null }>(() => ({
    key,
    own: key ? readColumnPrefs(localStorage, key, columnIds) : null,
  }));
  // Another user signed in on this tab: read their choice (render-time reset, no effect).
  let current = state;
  if (state.key !== key) {
    current = { key, own: key ? readColumnPrefs(localStorage, key, columnIds) : null };
    setState(current);
  }
  const change = (prefs: ColumnPrefs) => {
    if (key) writeColumnPrefs(localStorage, key, prefs);
    setState({ key, own: prefs });
  };
  const reset = () => {
    if (key) clearColumnPrefs(localStorage, key);
    setState({ key, own: null });
  };
  const prefs = key ? prefsOrDefaults(current.own, defaultHidden, columnIds) : NO_PREFS;
  return { prefs, change, reset };
}

/**
 * A TanStack table over rows already fetched: the column choice (hidden, order) remembered per
 * user, and server-side sorting on the columns the call can sort by.
 */
export function useDataTable<Row>(options: DataTableOptions<Row>): {
  table: Table<Row>;
  columnChoice: ColumnChoice | null;
} {
  const { serverSort, listId } = options;
  const accountType = useSessionUser()?.account_type;
  const columns = useMemo(
    () => columnsShownTo(options.columns, accountType),
    [options.columns, accountType],
  );
  const columnIds = useMemo(() => columns.map((c) => c.id ?? ''), [columns]);
  const defaultHidden = useMemo(
    () => [...(options.defaultHidden ?? EMPTY), ...hiddenByDefault(columns, accountType)],
    [options.defaultHidden, columns, accountType],
  );
  const choice = useColumnChoice(listId, columnIds, defaultHidden);
  const sortable = useMemo(
    () =>
      columns.map((c) => {
        const enableSorting = serverSort?.columns.includes(c.id ?? '') ?? false;
        // TanStack sorts only columns with an accessor; the server sorts, so a stand-in will do.
        const needsAccessor = enableSorting && !('accessorFn' in c) && !('accessorKey' in c);
        return needsAccessor
          ? ({ ...c, enableSorting, accessorFn: () => null } as unknown as typeof c)
          : { ...c, enableSorting };
      }),
    [columns, serverSort?.columns],
  );
  const sorting: SortingState = serverSort?.sort
    ? [{ id: serverSort.sort, desc: serverSort.direction === 'desc' }]
    : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    serverSort?.onChange(first?.id ?? null, first ? (first.desc ? 'desc' : 'asc') : null);
  };
  // The table object is rebuilt each render by TanStack itself; nothing here memoizes it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: (options.data ?? EMPTY) as Row[],
    columns: sortable,
    getRowId: options.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    // Pages, sorts and filters belong to the server and the URL. TanStack's automatic resets
    // (queued whenever `data` is a new array) would set state on every render of a caller that
    // derives its rows, and render for ever.
    autoResetAll: false,
    sortDescFirst: false,
    onSortingChange,
    meta: { timeZone: options.timeZone },
    state: {
      sorting,
      columnVisibility: Object.fromEntries(choice.prefs.hidden.map((id) => [id, false])),
      columnOrder: orderedColumns(columnIds, choice.prefs),
    },
  });
  return { table, columnChoice: listId ? choice : null };
}
