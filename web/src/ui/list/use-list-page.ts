import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  hasListTotals,
  listFeesAreNet,
  listTotalsAreSigned,
  type CallDef,
  type CallResponse,
  type SortDirection,
  type TimezoneChoice,
} from '@bo/contract';
import { listPageQuery } from '../../lib/api/list-page';
import type { DayText } from '../../lib/time-zone';
import { useReportDefaults } from './report-defaults';
import {
  readListState,
  requestOf,
  withFilters,
  withListState,
  type ListUrlState,
} from './list-url-state';
import { filterSetOf, type FilterSet } from './schema-filters';
import { createShownColumns, type ShownColumns } from './shown-columns';
import type { TableStatus } from './data-table';

/** The row type of a list call's answer. */
export type RowOf<C extends CallDef> =
  CallResponse<C> extends { rows: readonly (infer R)[] } ? R : never;

interface ListAnswer {
  readonly rows: readonly unknown[];
  readonly total: number;
  readonly status_counts?: Record<string, number>;
  readonly total_is_capped?: boolean;
  readonly period?: { readonly from_day: DayText; readonly to_day: DayText };
}

export interface ListPageOptions {
  /** Fields the screen always sends (e.g. `processingOnly`), not shown and not in the URL. */
  readonly fixed?: Readonly<Record<string, string | number>>;
  /** The order while the URL names none (a queue's nearest deadline first); the user may change it. */
  readonly defaultSort?: { readonly sort: string; readonly direction: SortDirection };
  /** Re-reads the page this often (ms) while it is open: the pending queues (spec: 60 s). */
  readonly refetchInterval?: number;
  /** The words of a status tab whose status is not a money lifecycle's (e.g. active, disabled). */
  readonly statusLabel?: (status: string) => string;
  /**
   * The statuses the screen's rows can have (a queue's): its tabs offer only these, and none
   * when there is only one to choose.
   */
  readonly statuses?: readonly string[];
  /**
   * The field the tabs choose, when not `status` (a reconciliation run's `class`): kept in the
   * URL and saved views like any filter, its counts from the answer's `status_counts`.
   */
  readonly tabField?: string;
}

/** The tabs a screen offers: none for a fixed status, else the call's statuses it can hold. */
function tabStatuses(
  all: readonly string[] | null,
  fixedStatus: boolean,
  holds: readonly string[] | undefined,
): readonly string[] | null {
  if (fixedStatus || !all) return null;
  if (!holds) return all;
  const shown = all.filter((status) => holds.includes(status));
  return shown.length > 1 ? shown : null;
}

/** What a list screen's table, pager, filter bar and export button need. */
export interface ListPage<Row> {
  readonly callName: string;
  /** The call's rows carry money: `getListTotals` adds up its filtered set. */
  readonly hasTotals: boolean;
  /** Its fee total is net of the fees its rows gave back (`listFeesAreNet`). */
  readonly feesAreNet: boolean;
  /** Its amount total is credits − debits (`listTotalsAreSigned`). */
  readonly totalsAreSigned: boolean;
  /** How often the page is read again (ms), if at all; its totals follow. */
  readonly refetchInterval?: number;
  readonly filterSet: FilterSet;
  readonly state: ListUrlState;
  /** The call's fields for the current URL (also what the export sends, minus the page). */
  readonly request: Readonly<Record<string, string | number>>;
  readonly rows: readonly Row[] | undefined;
  /** The whole answer of the page shown (reports read their totals and period from it). */
  readonly answer: Readonly<Record<string, unknown>> | undefined;
  /**
   * The whole days the server read, when the call answers them (a report without dates in the
   * URL reads its default period): what the date filter shows while no dates are chosen.
   */
  readonly periodRead: { readonly from: DayText; readonly to: DayText } | null;
  /** Columns hidden while the user has no column choice of their own (a report's defaults). */
  readonly defaultHiddenColumns: readonly string[];
  /** The columns the list's table shows, for a report's totals laid out under it. */
  readonly shownColumns: ShownColumns;
  readonly total: number;
  readonly totalIsCapped: boolean;
  readonly statusCounts: Readonly<Record<string, number>> | null;
  readonly statusLabel?: (status: string) => string;
  readonly status: TableStatus;
  /** A newer answer is on its way while the previous page shows. */
  readonly refreshing: boolean;
  readonly retry: () => void;
  readonly setFilters: (patch: Readonly<Record<string, string | undefined>>) => void;
  readonly setPage: (page: number) => void;
  readonly setPageSize: (pageSize: number) => void;
  readonly setSort: (sort: string | null, direction: SortDirection | null) => void;
  readonly setTimeZone: (zone: TimezoneChoice) => void;
}

/** The days a report's answer says it read (`reportPageOf`'s `period`), if any. */
function periodOf(answer: ListAnswer | undefined): ListPage<unknown>['periodRead'] {
  const period = answer?.period;
  return period ? { from: period.from_day, to: period.to_day } : null;
}

/**
 * Binds a contract list call to the URL (page, size, sort, filters: bookmarkable, and restored
 * by back/forward) and fetches the page the URL names through `callApi`. A report starts in
 * the default report zone and with its default columns (/report-setting), and asks for its
 * page once those are known.
 */
export function useListPage<C extends CallDef>(
  call: C,
  options: ListPageOptions = {},
): ListPage<RowOf<C>> {
  const tabField = options.tabField ?? 'status';
  // A field the screen fixes (the in-house queue's status) is not a filter the user can change.
  const fixedStatus = options.fixed?.[tabField] !== undefined;
  const holds = options.statuses?.join();
  const filterSet = useMemo(() => {
    const set = filterSetOf(call.request, tabField);
    return { ...set, statuses: tabStatuses(set.statuses, fixedStatus, holds?.split(',')) };
  }, [call, tabField, fixedStatus, holds]);
  const hasTotals = useMemo(() => hasListTotals(call), [call]);
  const feesAreNet = useMemo(() => listFeesAreNet(call), [call]);
  const totalsAreSigned = useMemo(() => listTotalsAreSigned(call), [call]);
  const defaults = useReportDefaults(call);
  const [shownColumns] = useState(createShownColumns);
  const [params, setParams] = useSearchParams();
  const urlState = readListState(params, filterSet, defaults.timeZone);
  const state =
    urlState.sort || !options.defaultSort ? urlState : { ...urlState, ...options.defaultSort };
  const request = { ...requestOf(state, filterSet), ...options.fixed };
  const query = useQuery({
    ...listPageQuery(call, request),
    enabled: defaults.ready,
    refetchInterval: options.refetchInterval,
  });
  const answer = query.data as ListAnswer | undefined;
  const go = (next: ListUrlState) =>
    setParams((current) => withListState(current, next, filterSet, defaults.timeZone));
  return {
    callName: call.name,
    hasTotals,
    feesAreNet,
    totalsAreSigned,
    refetchInterval: options.refetchInterval,
    statusLabel: options.statusLabel,
    filterSet,
    state,
    request,
    rows: answer?.rows as readonly RowOf<C>[] | undefined,
    answer: answer as Readonly<Record<string, unknown>> | undefined,
    periodRead: periodOf(answer),
    defaultHiddenColumns: defaults.hiddenColumns,
    shownColumns,
    total: answer?.total ?? 0,
    totalIsCapped: answer?.total_is_capped ?? false,
    statusCounts: answer?.status_counts ?? null,
    status: answer ? 'ready' : query.isError ? 'error' : 'loading',
    refreshing: query.isPlaceholderData || (query.isFetching && query.isError),
    retry: () => void query.refetch(),
    setFilters: (patch) => go(withFilters(state, patch)),
    setPage: (page) => go({ ...state, page }),
    setPageSize: (pageSize) => go({ ...state, pageSize, page: 1 }),
    setSort: (sort, direction) => go({ ...state, sort, direction, page: 1 }),
    setTimeZone: (timeZone) => go({ ...state, timeZone, page: 1 }),
  };
}
