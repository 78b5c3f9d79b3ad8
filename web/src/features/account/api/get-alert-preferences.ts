import { queryOptions } from '@tanstack/react-query';
import { getAlertPreferences } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

/** getAlertPreferences: the account's optional alerts, each on or off. */
export const alertPreferencesQuery = () =>
  queryOptions({
    queryKey: ['getAlertPreferences'],
    queryFn: () => callApi(getAlertPreferences, {}),
  });
