import { LIST_COUNT_CAP, formatCount } from '@bo/contract';

/** The numbers a pager shows: the rows on this page ("from–to"), the last page, the total text. */
export function pagerFigures(
  page: number,
  pageSize: number,
  total: number,
  rowsOnPage: number,
  capped: boolean,
): { from: number; to: number; lastPage: number; totalText: string } {
  const from = rowsOnPage === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = rowsOnPage === 0 ? 0 : from + rowsOnPage - 1;
  const counted = capped ? Math.max(total, LIST_COUNT_CAP) : total;
  const grouped = formatCount(counted);
  return {
    from,
    to,
    lastPage: Math.max(1, Math.ceil(counted / pageSize)),
    totalText: capped ? `${grouped}+` : grouped,
  };
}
