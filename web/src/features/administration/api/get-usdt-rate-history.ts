import { getUsdtRateHistory } from '@bo/contract';
import { queryClient } from '../../../lib/query-client';

/**
 * getUsdtRateHistory is read through the list kit (`listPageQuery`); after a rate changes,
 * every page of it is read again.
 */
export const refreshUsdtRateHistory = () =>
  queryClient.invalidateQueries({ queryKey: ['list', getUsdtRateHistory.name] });
