import { queryOptions } from '@tanstack/react-query';
import { getApprovalTiers, type ApprovalTiers } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** getApprovalTiers: the approval tiers by amount in force and their changes waiting. */
export const approvalTiersQuery = () =>
  queryOptions({
    queryKey: ['getApprovalTiers'],
    queryFn: () => callApi(getApprovalTiers, {}),
  });

/** Keeps the answer of a change (the tiers as they now are, the changes waiting). */
export const keepApprovalTiers = (saved: ApprovalTiers) =>
  queryClient.setQueryData(approvalTiersQuery().queryKey, saved);
