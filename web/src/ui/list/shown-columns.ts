import { useSyncExternalStore } from 'react';
import { NO_PREFS, type ColumnPrefs } from './column-prefs';

/**
 * The columns a list's table shows right now (hidden ones, order), published by the table for
 * what lays out beside it with the same columns: a report's totals under its rows follow the
 * user's column choice, or the report's defaults, as the rows do.
 */
export interface ShownColumns {
  readonly get: () => ColumnPrefs;
  readonly set: (prefs: ColumnPrefs) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

const same = (a: ColumnPrefs, b: ColumnPrefs) =>
  a.hidden.join('\u0000') === b.hidden.join('\u0000') &&
  a.order.join('\u0000') === b.order.join('\u0000');

export function createShownColumns(): ShownColumns {
  let current = NO_PREFS;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (prefs) => {
      if (same(prefs, current)) return;
      current = prefs;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The columns the list's table shows, kept current. */
export function useShownColumns(store: ShownColumns): ColumnPrefs {
  return useSyncExternalStore(store.subscribe, store.get);
}
