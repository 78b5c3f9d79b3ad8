import { queryOptions } from '@tanstack/react-query';
import { getRoutingLive } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getRoutingLive (admin, administrator): each gateway's last hour of routing, and its deposit. */
export const routingLiveQuery = (refetchInterval: number | false) =>
  queryOptions({
    queryKey: ['getRoutingLive'],
    queryFn: () => callApi(getRoutingLive, {}),
    refetchInterval,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
