import { queryOptions } from '@tanstack/react-query';
import { getPendingSettingChanges } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** getPendingSettingChanges: guarded setting changes waiting for a second admin. */
export const pendingSettingChangesQuery = () =>
  queryOptions({
    queryKey: ['getPendingSettingChanges'],
    queryFn: () => callApi(getPendingSettingChanges, {}),
  });

/** After a guarded change is asked or decided: the queue, rates and settings read again. */
export const refreshSettingViews = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['getPendingSettingChanges'] }),
    queryClient.invalidateQueries({ queryKey: ['getUsdtRates'] }),
    queryClient.invalidateQueries({ queryKey: ['getApprovalSettings'] }),
    queryClient.invalidateQueries({ queryKey: ['getApprovalTiers'] }),
    queryClient.invalidateQueries({ queryKey: ['getRoutingProfiles'] }),
    queryClient.invalidateQueries({ queryKey: ['list'] }),
  ]);
