import { queryOptions } from '@tanstack/react-query';
import { getPlatformSettings } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/**
 * getPlatformSettings, read for the adjustment form: from how many whole units of its currency
 * a debit needs a third approver (0: never). Shares the general-settings screen's cache key.
 */
export const thirdApproverFromQuery = () =>
  queryOptions({
    queryKey: ['getPlatformSettings'],
    queryFn: () => callApi(getPlatformSettings, {}),
    select: (answer) => answer.settings.adjustment_third_approver_from,
  });
