import { queryOptions } from '@tanstack/react-query';
import { getApprovalSettings, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type ApprovalSettingsAnswer = CallResponse<typeof getApprovalSettings>;

/** getApprovalSettings: the maker-checker thresholds per currency and the request expiry. */
export const approvalSettingsQuery = () =>
  queryOptions({
    queryKey: ['getApprovalSettings'],
    queryFn: () => callApi(getApprovalSettings, {}),
  });

/** Keeps the answer of a change (the settings as they now are). */
export const keepApprovalSettings = (saved: ApprovalSettingsAnswer) =>
  queryClient.setQueryData(approvalSettingsQuery().queryKey, saved);
