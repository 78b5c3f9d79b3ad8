import { queryOptions } from '@tanstack/react-query';
import { getGatewayHealth } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getGatewayHealth (admin, administrator): every gateway's live figures and the open alerts. */
export const gatewayHealthQuery = (refetchInterval: number | false) =>
  queryOptions({
    queryKey: ['getGatewayHealth'],
    queryFn: () => callApi(getGatewayHealth, {}),
    refetchInterval,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
