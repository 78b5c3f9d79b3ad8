import { SORT_DIRECTIONS, type SortDirection, type TimezoneChoice } from '@bo/contract';
import { DEFAULT_TIME_ZONE, isDayText, isTimezoneChoice } from '../../lib/time-zone';
import { rangeInstants } from './date-presets';
import type { FilterSet } from './schema-filters';

/**
 * A list's state as it lives in the URL (spec section 2: the page is the query key `page`), so
 * a list is bookmarked, shared and reloaded as it was, and back/forward restore it.
 */
export interface ListUrlState {
  readonly page: number;
  readonly pageSize: number;
  readonly sort: string | null;
  readonly direction: SortDirection | null;
  /** The zone dates are shown, picked and exported in. */
  readonly timeZone: TimezoneChoice;
  /** Filter values by request field; from/to are whole days ("YYYY-MM-DD") in `timeZone`. */
  readonly filters: Readonly<Record<string, string>>;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const AMOUNT = /^\d{1,18}(\.\d{1,8})?$/;

/** Whether a typed amount bound is a decimal the server accepts ("100", "100.50"). */
export function isAmountText(text: string): boolean {
  return AMOUNT.test(text);
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/** Whether a value read from the URL can go to the call as `key` (else it is dropped). */
function isValidFilter(key: string, value: string, set: FilterSet): boolean {
  if (key === 'from' || key === 'to') return isDayText(value);
  if (key === set.tabField) return set.statuses?.includes(value) ?? false;
  if (key === 'amountMin' || key === 'amountMax') return isAmountText(value);
  return value.length <= 120;
}

/**
 * Reads the list's state from the URL, dropping what the call would refuse. Without a zone in
 * the URL the list is in `defaultZone` (a report's default zone, from /report-setting).
 */
export function readListState(
  params: URLSearchParams,
  set: FilterSet,
  defaultZone: TimezoneChoice = DEFAULT_TIME_ZONE,
): ListUrlState {
  const filters: Record<string, string> = {};
  for (const key of set.urlKeys) {
    if (key === 'timeZone') continue;
    const value = params.get(key)?.trim() ?? '';
    if (value && isValidFilter(key, value, set)) filters[key] = value;
  }
  const sort = params.get('sort');
  const direction = params.get('direction');
  const pageSize = positiveInt(params.get('pageSize'));
  const timeZone = params.get('timeZone');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
    sort: sort && set.sortColumns.includes(sort) ? sort : null,
    direction: SORT_DIRECTIONS.find((d) => d === direction) ?? null,
    timeZone: isTimezoneChoice(timeZone) ? timeZone : defaultZone,
    filters,
  };
}

/**
 * The URL query of a state; defaults are left out so plain lists keep plain addresses (the zone
 * when it is the list's `defaultZone`).
 */
export function writeListState(
  state: ListUrlState,
  defaultZone: TimezoneChoice = DEFAULT_TIME_ZONE,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) if (value) params.set(key, value);
  if (state.timeZone !== defaultZone) params.set('timeZone', state.timeZone);
  if (state.sort) params.set('sort', state.sort);
  if (state.sort && state.direction) params.set('direction', state.direction);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The URL keys a list's state is written under, besides its filters' own. */
const STATE_KEYS = ['timeZone', 'sort', 'direction', 'pageSize', 'page'];

/**
 * The URL query after a change of the list's state: the list's own keys written anew, and every
 * other key kept as it was, so a choice the screen keeps beside its list (a ledger's contract,
 * `cid`) survives a new date range, zone, sort or page.
 */
export function withListState(
  current: URLSearchParams,
  state: ListUrlState,
  set: FilterSet,
  defaultZone: TimezoneChoice = DEFAULT_TIME_ZONE,
): URLSearchParams {
  const owned = new Set([...set.urlKeys, ...STATE_KEYS]);
  const next = writeListState(state, defaultZone);
  for (const [key, value] of current) if (!owned.has(key)) next.append(key, value);
  return next;
}

/** The state with filters changed (empty text clears one); any filter change goes to page 1. */
export function withFilters(
  state: ListUrlState,
  patch: Readonly<Record<string, string | undefined>>,
): ListUrlState {
  const filters: Record<string, string> = { ...state.filters };
  for (const [key, value] of Object.entries(patch)) {
    const trimmed = value?.trim() ?? '';
    if (trimmed) filters[key] = trimmed;
    else delete filters[key];
  }
  return { ...state, filters, page: 1 };
}

/**
 * The call's fields for a state: page, size, sort, the filters, whole days turned into the
 * inclusive instants of the chosen zone, and the zone itself when the call takes one.
 */
export function requestOf(state: ListUrlState, set: FilterSet): Record<string, string | number> {
  const request: Record<string, string | number> = { ...state.filters };
  const { from, to } = state.filters;
  delete request.from;
  delete request.to;
  if (from || to) {
    const range = rangeInstants({ from: from ?? to!, to: to ?? from! }, state.timeZone);
    if (from) request.from = range.from;
    if (to) request.to = range.to;
  }
  if (set.timeZone) request.timeZone = state.timeZone;
  if (state.sort) {
    request.sort = state.sort;
    if (state.direction) request.direction = state.direction;
  }
  request.page = state.page;
  request.pageSize = state.pageSize;
  return request;
}

/** The URL keys that belong to a list: its filters' and its state's. */
const ownedKeys = (set: FilterSet) => new Set([...set.urlKeys, ...STATE_KEYS]);

/**
 * What a saved view keeps of the URL: the list's own keys (filters, zone, sort, page size),
 * never the page, in a stable order so the same state always reads the same.
 */
export function viewQueryOf(current: URLSearchParams, set: FilterSet): string {
  const owned = ownedKeys(set);
  const kept = [...current].filter(([key, value]) => owned.has(key) && key !== 'page' && value);
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** Whether the URL holds any of the list's state (then a default view is not applied). */
export function hasListState(current: URLSearchParams, set: FilterSet): boolean {
  const owned = ownedKeys(set);
  return [...current.keys()].some((key) => owned.has(key));
}

/** The URL with a saved view's query in place of the list's own keys; other keys kept. */
export function withViewQuery(
  current: URLSearchParams,
  query: string,
  set: FilterSet,
): URLSearchParams {
  const owned = ownedKeys(set);
  const next = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query))
    if (owned.has(key)) next.append(key, value);
  for (const [key, value] of current) if (!owned.has(key)) next.append(key, value);
  return next;
}
