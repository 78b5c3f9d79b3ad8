import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getListTotals } from '@bo/contract';
import { callApi } from '../api-client';

/** Fields that shape the page on screen, not which rows match: left out of the totals' request. */
const PAGE_FIELDS = new Set(['page', 'pageSize', 'sort', 'direction', 'timeZone']);

/** A list request's filters (its fixed fields included), without what only shapes the page. */
export function totalsFieldsOf(
  request: Readonly<Record<string, string | number>>,
): Record<string, string | number> {
  return Object.fromEntries(Object.entries(request).filter(([key]) => !PAGE_FIELDS.has(key)));
}

/**
 * getListTotals: count and sums per currency of every row of `call` matching the page's
 * filters. Keyed under `list` so whatever refreshes the lists (a decision) refreshes these,
 * and without the page fields so paging or sorting reads nothing again. Errors stay in place
 * (the strip offers a retry), never a popup.
 */
export const listTotalsQuery = (
  call: string,
  request: Readonly<Record<string, string | number>>,
) => {
  const fields = totalsFieldsOf(request);
  return queryOptions({
    queryKey: ['list', call, 'totals', fields],
    queryFn: () => callApi(getListTotals, { ...fields, call }, { errors: 'inline' }),
    placeholderData: keepPreviousData,
  });
};
