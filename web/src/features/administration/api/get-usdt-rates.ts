import { queryOptions } from '@tanstack/react-query';
import { getUsdtRates } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** getUsdtRates: every currency's USDT rate in force, with who set it last and why. */
export const usdtRatesQuery = () =>
  queryOptions({
    queryKey: [getUsdtRates.name],
    queryFn: () => callApi(getUsdtRates, {}),
  });

/** Reads the rates again (after a change). */
export const refreshUsdtRates = () =>
  queryClient.invalidateQueries({ queryKey: [getUsdtRates.name] });
