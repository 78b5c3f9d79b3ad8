import { queryOptions } from '@tanstack/react-query';
import { getSupportedCurrency } from '@bo/contract';
import { callApi } from '../api-client';

/** getSupportedCurrency: the currency choices (dashboard selector, list filters), one cache entry. */
export const supportedCurrencyQuery = () =>
  queryOptions({
    queryKey: ['getSupportedCurrency'],
    queryFn: () => callApi(getSupportedCurrency, {}),
    staleTime: 5 * 60_000,
  });
