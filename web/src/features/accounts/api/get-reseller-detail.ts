import { queryOptions } from '@tanstack/react-query';
import { getResellerDetail, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export type ResellerDetail = CallResponse<typeof getResellerDetail>;

/** getResellerDetail: one reseller with its balances, contract lines and recent activity. */
export const resellerDetailQuery = (resellerDbCode: string) =>
  queryOptions({
    queryKey: ['getResellerDetail', resellerDbCode],
    queryFn: () => callApi(getResellerDetail, { resellerDbCode }),
  });
