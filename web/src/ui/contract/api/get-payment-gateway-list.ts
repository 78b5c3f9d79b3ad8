import { queryOptions } from '@tanstack/react-query';
import { getPaymentGatewayList, type CallRequest } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

type GatewayFilter = Pick<CallRequest<typeof getPaymentGatewayList>, 'currency' | 'status'>;

/**
 * getPaymentGatewayList: the gateways (at most 200), of one currency or status when asked. The
 * forms that offer them say when the read failed, so no popup.
 */
export const gatewaysQuery = ({ currency, status }: GatewayFilter = {}) =>
  queryOptions({
    queryKey: ['getPaymentGatewayList', { currency, status }],
    queryFn: () =>
      callApi(getPaymentGatewayList, { currency, status, pageSize: 200 }, { errors: 'inline' }),
    staleTime: 60_000,
  });

/** The active gateways of one currency a contract line may name. */
export const activeGatewaysQuery = (currency: string) =>
  gatewaysQuery({ currency, status: 'activated' });
