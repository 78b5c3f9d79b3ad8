import { queryOptions } from '@tanstack/react-query';
import { getReportSettings, type ReportSettings } from '@bo/contract';
import { callApi } from '../api-client';
import { queryClient } from '../query-client';

/** getReportSettings: the default report zone and each report's optional columns shown by default. */
export const reportSettingsQuery = () =>
  queryOptions({
    queryKey: ['getReportSettings'],
    queryFn: () => callApi(getReportSettings, {}),
  });

/** Keeps the answer of a change (the settings as they now are), so reports open with them. */
export const keepReportSettings = (saved: ReportSettings) =>
  queryClient.setQueryData(reportSettingsQuery().queryKey, saved);
