import { queryOptions } from '@tanstack/react-query';
import { getMerchantApiKeys, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type MerchantApiKeys = CallResponse<typeof getMerchantApiKeys>;

/** getMerchantApiKeys: the merchant's API keys, newest first (never their secrets). */
export const merchantApiKeysQuery = () =>
  queryOptions({
    queryKey: ['getMerchantApiKeys'],
    queryFn: () => callApi(getMerchantApiKeys, {}),
  });

/** Reads the keys again after a change. */
export const refreshMerchantApiKeys = () =>
  queryClient.invalidateQueries({ queryKey: merchantApiKeysQuery().queryKey });
