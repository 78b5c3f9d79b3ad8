import { queryOptions } from '@tanstack/react-query';
import { getSettlementSettings, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type SettlementSettings = CallResponse<typeof getSettlementSettings>;

/** getSettlementSettings: the merchant's bank accounts (default first) and USDT wallet. */
export const settlementSettingsQuery = () =>
  queryOptions({
    queryKey: ['getSettlementSettings'],
    queryFn: () => callApi(getSettlementSettings, {}),
  });

/** Reads the settings again after a change was saved. */
export const refreshSettlementSettings = () =>
  queryClient.invalidateQueries({ queryKey: settlementSettingsQuery().queryKey });
