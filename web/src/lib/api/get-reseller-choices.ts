import { queryOptions } from '@tanstack/react-query';
import { getResellerList } from '@bo/contract';
import { callApi } from '../api-client';

/** getResellerList: the active resellers an admin may put a new merchant under (by name). */
export const resellerChoicesQuery = () =>
  queryOptions({
    queryKey: ['getResellerList', 'choices'],
    queryFn: () =>
      callApi(getResellerList, { status: 'active', pageSize: 200, sort: 'name', direction: 'asc' }),
    staleTime: 60_000,
  });
