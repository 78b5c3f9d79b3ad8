import { useQuery } from '@tanstack/react-query';
import type { CurrencyTotals } from '@bo/contract';
import { listTotalsQuery } from '../../lib/api/get-list-totals';
import type { ListPage } from './use-list-page';

/** The rows the totals counted (every currency together), or null when they were capped. */
export function countedByTotals(
  answer: { readonly capped: boolean; readonly totals: readonly CurrencyTotals[] } | undefined,
): number | null {
  if (!answer || answer.capped) return null;
  return answer.totals.reduce((sum, currency) => sum + currency.count, 0);
}

/**
 * How many rows match the list's filters, exactly, when its totals strip counted them all: the
 * strip's own query, read from its cache (the strip alone polls it, so no second request), null
 * while it loads or refreshes, when it is capped or not shown. The tab of the rows shown and the pager say this figure, so the screen never says
 * "at least 10,000" beside totals of 99,006 (issue 40).
 */
export function useCountedByTotals<Row>(list: ListPage<Row>, isShown: boolean): number | null {
  const query = useQuery({ ...listTotalsQuery(list.callName, list.request), enabled: isShown });
  return isShown && !query.isPlaceholderData ? countedByTotals(query.data) : null;
}
