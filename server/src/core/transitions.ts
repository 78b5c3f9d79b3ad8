import { canTransition, type Lifecycle, type TransitionPath } from '@bo/contract';

/** What became of one asked-for change. */
export interface TransitionResult<S extends string, R> {
  readonly id: string;
  readonly applied: boolean;
  /** The status the row had before (null when no row has the id). */
  readonly from: S | null;
  /** The status the row has now. */
  readonly status: S | null;
  /** The row as it stands after the change (absent when no row has the id). */
  readonly record?: R;
}

/**
 * Walks asked-for changes over rows already locked, in the order asked, on copies of the rows
 * so one batch can take a row through several steps. A change its lifecycle allows is handed to
 * `apply` while the row still shows its old status, then the row moves on; a change the
 * lifecycle refuses, or one for an id no row has, is reported as not applied. Every money
 * lifecycle decides its transitions through this. A change made by a risk review says so in
 * `path`: only such a change moves a held item (`canTransition`).
 */
export function walkTransitions<
  S extends string,
  R extends { readonly id: string; status: S },
  C extends { readonly id: string; readonly status: S; readonly path?: TransitionPath },
>(
  lifecycle: Lifecycle<S>,
  lockedRows: readonly R[],
  changes: readonly C[],
  apply: (row: R, change: C) => void,
): TransitionResult<S, R>[] {
  const rows = new Map(lockedRows.map((r) => [r.id, { ...r }]));
  return changes.map((change) => {
    const row = rows.get(change.id);
    if (!row || !canTransition(lifecycle, row.status, change.status, change.path)) {
      return {
        id: change.id,
        applied: false,
        from: row?.status ?? null,
        status: row?.status ?? null,
        record: row,
      };
    }
    apply(row, change);
    const from = row.status;
    row.status = change.status;
    return { id: row.id, applied: true, from, status: change.status, record: row };
  });
}
