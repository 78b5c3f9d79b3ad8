import { useSearchParams } from 'react-router';
import { getAdminLogs, type AdminLogRow } from '@bo/contract';
import { withFilters, writeListState, type ListUrlState } from '../../ui/list/list-url-state';
import { useListPage, type ListPage } from '../../ui/list/use-list-page';

/** The admin log's own filters, kept in the URL beside the list kit's (dates, time zone). */
export const ADMIN_LOG_FILTERS = ['actor', 'action', 'targetType', 'targetId', 'clientIp'] as const;
export type AdminLogFilterKey = (typeof ADMIN_LOG_FILTERS)[number];
export type AdminLogFilters = Readonly<Record<AdminLogFilterKey, string>>;

/**
 * The admin log list bound to the URL: the kit keeps page, sort, dates and time zone; the
 * actor, action, target and client address filters are kept here and sent as the call's own
 * fields (an empty one means any), so the page and the export use them alike.
 */
export function useAdminLogList(): {
  list: ListPage<AdminLogRow>;
  filters: AdminLogFilters;
  setFilters: (next: AdminLogFilters) => void;
} {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    ADMIN_LOG_FILTERS.map((key) => [key, params.get(key)?.trim() ?? '']),
  ) as AdminLogFilters;
  const fixed = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  const list = useListPage(getAdminLogs, { fixed });
  const go = (state: ListUrlState, next: AdminLogFilters = filters) => {
    const query = writeListState(state);
    for (const key of ADMIN_LOG_FILTERS) if (next[key]) query.set(key, next[key]);
    setParams(query);
  };
  const { state } = list;
  const clearsEverything = (patch: Readonly<Record<string, string | undefined>>) =>
    Object.keys(state.filters).every((key) => key in patch && !patch[key]);
  const none = Object.fromEntries(ADMIN_LOG_FILTERS.map((k) => [k, ''])) as AdminLogFilters;
  return {
    list: {
      ...list,
      setFilters: (patch) =>
        go(withFilters(state, patch), clearsEverything(patch) ? none : filters),
      setPage: (page) => go({ ...state, page }),
      setPageSize: (pageSize) => go({ ...state, pageSize, page: 1 }),
      setSort: (sort, direction) => go({ ...state, sort, direction, page: 1 }),
      setTimeZone: (timeZone) => go({ ...state, timeZone, page: 1 }),
    },
    filters,
    setFilters: (next) => go({ ...state, page: 1 }, next),
  };
}
