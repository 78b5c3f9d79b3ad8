import { queryOptions } from '@tanstack/react-query';
import { getResellerContractRates, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export type ResellerContractRates = CallResponse<typeof getResellerContractRates>;

/** getResellerContractRates: a reseller's rates beside its merchants', line by line. */
export const resellerContractRatesQuery = (resellerId: string) =>
  queryOptions({
    queryKey: ['getResellerContractRates', resellerId],
    queryFn: () => callApi(getResellerContractRates, { resellerId }),
  });
