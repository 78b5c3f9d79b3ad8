import { queryOptions } from '@tanstack/react-query';
import { getMerchantNotifySettings, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type MerchantNotifySettings = CallResponse<typeof getMerchantNotifySettings>;

/** getMerchantNotifySettings: the default notify URL and how notifications are signed. */
export const merchantNotifySettingsQuery = () =>
  queryOptions({
    queryKey: ['getMerchantNotifySettings'],
    queryFn: () => callApi(getMerchantNotifySettings, {}),
  });

/** Reads the settings again after a change. */
export const refreshMerchantNotifySettings = () =>
  queryClient.invalidateQueries({ queryKey: merchantNotifySettingsQuery().queryKey });
