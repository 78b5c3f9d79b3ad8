import { queryOptions } from '@tanstack/react-query';
import { getRejectReasons, type RejectReasonRow } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/**
 * getRejectReasons: the reasons an admin picks from when rejecting, and the labels of the codes
 * a rejected row carries. They change only when an admin adds one, so one answer serves a visit.
 */
export const rejectReasonsQuery = () =>
  queryOptions({
    queryKey: ['getRejectReasons'],
    queryFn: () => callApi(getRejectReasons, {}, { errors: 'inline' }),
    staleTime: Infinity,
  });

/** The label of a reason code, or the code itself when the list does not know it. */
export const reasonLabel = (reasons: readonly RejectReasonRow[], code: string) =>
  reasons.find((reason) => reason.code === code)?.label ?? code;
