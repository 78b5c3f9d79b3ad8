import { LIST_COUNT_CAP } from '@bo/contract';

/** The numbers a pager shows: the rows on this page ("from–to"), the last page, the total counted. */
export function pagerFigures(
  page: number,
  pageSize: number,
  total: number,
  rowsOnPage: number,
  capped: boolean,
): { from: number; to: number; lastPage: number; counted: number } {
  const from = rowsOnPage === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = rowsOnPage === 0 ? 0 : from + rowsOnPage - 1;
  const counted = capped ? Math.max(total, LIST_COUNT_CAP) : total;
  return { from, to, lastPage: Math.max(1, Math.ceil(counted / pageSize)), counted };
}
