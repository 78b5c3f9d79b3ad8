import { queryOptions } from '@tanstack/react-query';
import { getSettlementSettings } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getSettlementSettings: the merchant's saved bank accounts (default first) and USDT wallet. */
export const settlementSettingsQuery = () =>
  queryOptions({
    queryKey: ['getSettlementSettings'],
    queryFn: () => callApi(getSettlementSettings, {}, { errors: 'inline' }),
  });
