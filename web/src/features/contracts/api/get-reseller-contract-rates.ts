import { queryOptions } from '@tanstack/react-query';
import { getResellerContractRates, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type ResellerContractRates = CallResponse<typeof getResellerContractRates>;

/** getResellerContractRates: a reseller's rates beside its merchants', line by line. */
export const resellerContractRatesQuery = (resellerId: string) =>
  queryOptions({
    queryKey: ['getResellerContractRates', resellerId],
    queryFn: () => callApi(getResellerContractRates, { resellerId }),
  });

/** Reads the rates and the contract lists again after a new version was saved. */
export const refreshContracts = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['getResellerContractRates'] }),
    queryClient.invalidateQueries({ queryKey: ['list'] }),
  ]);
