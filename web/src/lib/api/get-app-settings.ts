import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAYIN_STUCK_MINUTES,
  getAppSettings,
  LIVE_UPDATE_INTERVAL_MS,
  type CallResponse,
} from '@bo/contract';
import { callApi } from '../api-client';

export type AppSettings = CallResponse<typeof getAppSettings>;

/**
 * What the app uses until the server's settings have answered (or when that call failed): the
 * spec's 60-second live-update interval and the links the server ships with by default.
 */
export const FALLBACK_APP_SETTINGS: AppSettings = {
  live_update_interval_ms: LIVE_UPDATE_INTERVAL_MS,
  announcement_channel_url: 'https://t.me/s/telegram',
  marketing_materials_url: 'https://drive.google.com/',
  skype_url: 'https://web.skype.com/',
  payin_stuck_minutes: DEFAULT_PAYIN_STUCK_MINUTES,
  demo_seed: null,
};

/**
 * getAppSettings (public): the dashboard's live-update interval and the external links. They
 * change only when an admin edits them, so one answer serves the whole visit. A failure stays
 * silent (no popup): the fallbacks above are good enough for links and the refresh timer.
 */
export const appSettingsQuery = () =>
  queryOptions({
    queryKey: ['getAppSettings'],
    queryFn: () => callApi(getAppSettings, {}, { errors: 'inline' }),
    staleTime: Infinity,
  });

/** The server's settings, or the fallbacks while they load; `isLoaded` once the server answered. */
export function useAppSettings(): AppSettings & { isLoaded: boolean; hasSettled: boolean } {
  const { data, isSuccess, isError } = useQuery(appSettingsQuery());
  return {
    ...(data ?? FALLBACK_APP_SETTINGS),
    isLoaded: isSuccess,
    hasSettled: isSuccess || isError,
  };
}
