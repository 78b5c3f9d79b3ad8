import { queryOptions } from '@tanstack/react-query';
import { getHeldMailBody } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/**
 * getHeldMailBody: a held mail's plain-text body (each read admin-logged); never cached past
 * the dialog, since a reset link is a secret.
 */
export const heldMailBodyQuery = (id: string) =>
  queryOptions({
    queryKey: [getHeldMailBody.name, id],
    queryFn: () => callApi(getHeldMailBody, { id }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
