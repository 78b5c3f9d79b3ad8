import { queryOptions } from '@tanstack/react-query';
import { getSupportedCurrency } from '@bo/contract';
import { callApi } from '../../app/api-client';

/** getSupportedCurrency: the choices of the 'Current Overview' selector. */
export const supportedCurrencyQuery = () =>
  queryOptions({
    queryKey: ['getSupportedCurrency'],
    queryFn: () => callApi(getSupportedCurrency, {}),
    staleTime: 5 * 60_000,
  });
