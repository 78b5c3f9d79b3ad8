import type { TFunction } from 'i18next';
import { formatCount } from '@bo/contract';

/**
 * A count as the list kit shows it: "2,040" when exact, "at least 10,000" once the server
 * stopped counting (`LIST_COUNT_CAP`). One wording for every capped count (status tabs, the
 * pager), so a capped count never stands beside an exact one (the totals) without saying so.
 */
export function countText(t: TFunction, count: number, capped: boolean): string {
  const grouped = formatCount(count);
  return capped ? t('list.atLeast', { number: grouped }) : grouped;
}
