import { queryOptions } from '@tanstack/react-query';
import { getSessions } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getSessions: the account's active sessions. */
export const sessionsQuery = () =>
  queryOptions({ queryKey: ['getSessions'], queryFn: () => callApi(getSessions, {}) });
