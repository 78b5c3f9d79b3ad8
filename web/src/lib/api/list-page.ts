import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallDef, CallRequest } from '@bo/contract';
import { callApi } from '../api-client';

/** One page of a list call; the previous page stays on screen while the next one loads. */
export const listPageQuery = <C extends CallDef>(
  call: C,
  request: Record<string, string | number>,
) =>
  queryOptions({
    queryKey: ['list', call.name, request],
    queryFn: () => callApi(call, request as CallRequest<C>),
    placeholderData: keepPreviousData,
  });
