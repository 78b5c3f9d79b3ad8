import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getFeePreview, type CallRequest, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export type FeePreview = CallResponse<typeof getFeePreview>;
export type FeePreviewRequest = CallRequest<typeof getFeePreview>;

/**
 * getFeePreview: the split of a sample amount by the contract in force or by draft rates.
 * Errors show inline in the preview (a half-typed draft is refused often), not as popups.
 */
export const feePreviewQuery = (request: FeePreviewRequest) =>
  queryOptions({
    queryKey: ['getFeePreview', request],
    queryFn: () => callApi(getFeePreview, request, { errors: 'inline' }),
    placeholderData: keepPreviousData,
    retry: false,
  });
