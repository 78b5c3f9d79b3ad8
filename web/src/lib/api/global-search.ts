import { queryOptions } from '@tanstack/react-query';
import { globalSearch, SEARCH_TEXT_MIN } from '@bo/contract';
import { callApi } from '../api-client';

/** globalSearch: the top bar's hits for `text`, grouped by kind (asked once it is long enough). */
export const globalSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['globalSearch', text],
    queryFn: () => callApi(globalSearch, { text }, { errors: 'inline' }),
    enabled: text.length >= SEARCH_TEXT_MIN,
    staleTime: 10_000,
  });
