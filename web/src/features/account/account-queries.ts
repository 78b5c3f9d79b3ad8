import { queryOptions } from '@tanstack/react-query';
import { getLoginIps, getSessions } from '@bo/contract';
import { callApi } from '../../app/api-client';

/** getLoginIps: the whitelist, whether it is on, and the caller's current address. */
export const loginIpsQuery = () =>
  queryOptions({ queryKey: ['getLoginIps'], queryFn: () => callApi(getLoginIps, {}) });

/** getSessions: the account's active sessions. */
export const sessionsQuery = () =>
  queryOptions({ queryKey: ['getSessions'], queryFn: () => callApi(getSessions, {}) });
