import { queryOptions } from '@tanstack/react-query';
import { getAdminDashboardV2 } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getAdminDashboardV2 (admins): the overview, gateway balances, pending counts, inactive gateways. */
export const adminDashboardQuery = (currency: string, refetchInterval: number | false) =>
  queryOptions({
    queryKey: ['getAdminDashboardV2', currency],
    queryFn: () => callApi(getAdminDashboardV2, { currency }),
    refetchInterval,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
