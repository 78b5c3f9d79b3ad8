import { queryOptions } from '@tanstack/react-query';
import { getUsdtWalletBalance } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getUsdtWalletBalance (non-admins): the balance bar above the cards. */
export const usdtWalletBalanceQuery = (accountDbCode: string, refetchInterval: number | false) =>
  queryOptions({
    queryKey: ['getUsdtWalletBalance', accountDbCode],
    queryFn: () => callApi(getUsdtWalletBalance, { accountDbCode }),
    refetchInterval,
    refetchIntervalInBackground: false,
  });
