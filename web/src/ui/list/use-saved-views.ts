import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SavedView } from '@bo/contract';
import {
  savedViewsQuery,
  sendCreateSavedView,
  sendDeleteSavedView,
  sendRenameSavedView,
  sendSetDefaultSavedView,
} from '../../lib/api/saved-views';
import type { ColumnPrefs } from './column-prefs';
import { hasListState, viewQueryOf, withViewQuery } from './list-url-state';
import type { FilterSet } from './schema-filters';
import type { ColumnChoice } from './use-data-table';

export interface SavedViews {
  /** The person's views of the list; undefined while they load. */
  readonly views: readonly SavedView[] | undefined;
  /** The view the list shows now (its state and columns match), if any. */
  readonly current: SavedView | undefined;
  readonly apply: (view: SavedView) => void;
  /** Names the list's current state; a refusal is thrown (and shown by the open dialog). */
  readonly create: (name: string, isDefault: boolean) => Promise<void>;
  readonly rename: (view: SavedView, name: string) => Promise<void>;
  readonly setDefault: (view: SavedView, isDefault: boolean) => Promise<void>;
  readonly remove: (view: SavedView) => Promise<void>;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

const sameColumns = (view: SavedView, prefs: ColumnPrefs) =>
  sameIds(view.hidden_columns, prefs.hidden) && sameIds(view.column_order, prefs.order);

/**
 * The saved views of a list (issue 29): the person's own, kept on the server. A view holds
 * the list's URL state but the page, and the column choice. Opening the list with none of its
 * state in the URL applies the default view once.
 */
export function useSavedViews(
  listId: string,
  filterSet: FilterSet,
  columns: ColumnChoice | null,
): SavedViews {
  const queryClient = useQueryClient();
  const query = savedViewsQuery(listId);
  const { data } = useQuery(query);
  const views = data?.views;
  const [params, setParams] = useSearchParams();
  const state = viewQueryOf(params, filterSet);
  const prefs = columns?.prefs;
  const current = views?.find(
    (view) => view.query === state && (!prefs || sameColumns(view, prefs)),
  );

  const apply = (view: SavedView) => {
    setParams((now) => withViewQuery(now, view.query, filterSet));
    columns?.change({ hidden: view.hidden_columns, order: view.column_order });
  };

  // The default view, applied once per visit when the URL names none of the list's state.
  const opened = useRef({ bare: !hasListState(params, filterSet), done: false });
  useEffect(() => {
    if (opened.current.done || !views) return;
    opened.current.done = true;
    const fallback = views.find((view) => view.is_default);
    if (opened.current.bare && fallback) apply(fallback);
  });

  const keep = async (answer: Promise<{ views: SavedView[] }>) => {
    queryClient.setQueryData(query.queryKey, await answer);
  };
  return {
    views,
    current,
    apply,
    create: (name, isDefault) =>
      keep(
        sendCreateSavedView({
          list: listId,
          name,
          query: state,
          hiddenColumns: prefs?.hidden ?? [],
          columnOrder: prefs?.order ?? [],
          isDefault,
        }),
      ),
    rename: (view, name) => keep(sendRenameSavedView({ id: view.id, name })),
    setDefault: (view, isDefault) => keep(sendSetDefaultSavedView({ id: view.id, isDefault })),
    remove: (view) => keep(sendDeleteSavedView({ id: view.id })),
  };
}
