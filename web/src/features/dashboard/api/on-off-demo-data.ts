import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onOffDemoData } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/**
 * onOffDemoData (admins): includes or leaves out the demo accounts in every dashboard figure,
 * then reloads the dashboard's figures.
 */
export function useDemoDataSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callApi(onOffDemoData, { enabled: enabled ? 1 : 0 }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['getAdminDashboardV2'] }),
        queryClient.invalidateQueries({ queryKey: ['getReportDashboardV3'] }),
      ]),
  });
}
