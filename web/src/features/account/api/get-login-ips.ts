import { queryOptions } from '@tanstack/react-query';
import { getLoginIps } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getLoginIps: the whitelist, whether it is on, and the caller's current address. */
export const loginIpsQuery = () =>
  queryOptions({ queryKey: ['getLoginIps'], queryFn: () => callApi(getLoginIps, {}) });
