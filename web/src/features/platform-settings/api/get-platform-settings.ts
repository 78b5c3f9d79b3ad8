import { queryOptions } from '@tanstack/react-query';
import { getPlatformSettings, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { appSettingsQuery } from '../../../lib/api/get-app-settings';
import { queryClient } from '../../../lib/query-client';

export type GeneralSettings = CallResponse<typeof getPlatformSettings>;

/** getPlatformSettings: the platform settings as they apply, their defaults, the demo toggle. */
export const platformSettingsQuery = () =>
  queryOptions({
    queryKey: ['getPlatformSettings'],
    queryFn: () => callApi(getPlatformSettings, {}),
  });

/**
 * After a change: keeps the saved answer, and reads the app settings again (the live-update
 * interval, the stuck age and the links the rest of the app uses).
 */
export async function applyPlatformSettings(saved: GeneralSettings): Promise<void> {
  queryClient.setQueryData(platformSettingsQuery().queryKey, saved);
  await queryClient.invalidateQueries({ queryKey: appSettingsQuery().queryKey });
}
