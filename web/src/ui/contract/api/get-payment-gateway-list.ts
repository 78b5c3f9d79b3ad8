import { queryOptions } from '@tanstack/react-query';
import { getPaymentGatewayList } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/**
 * getPaymentGatewayList: the active gateways of one currency a contract line may name. The
 * form says when the read failed (a contract for any gateway needs none), so no popup.
 */
export const activeGatewaysQuery = (currency: string) =>
  queryOptions({
    queryKey: ['getPaymentGatewayList', 'active', currency],
    queryFn: () => callApi(getPaymentGatewayList, { currency, status: 'activated', pageSize: 200 }),
    staleTime: 60_000,
  });
