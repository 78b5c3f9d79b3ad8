import { queryOptions } from '@tanstack/react-query';
import {
  getReportDashboardV3,
  type AccountType,
  type StatisticsPeriod,
  type TimezoneChoice,
} from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export interface ReportDashboardParams {
  /** A currency code, or '-' for every currency. */
  readonly currency: string;
  readonly statisticsType: StatisticsPeriod;
  readonly accountType: AccountType;
  /** The signed-in account's own code; empty for an admin. */
  readonly accountDbCode: string;
  /** The toolbar's time zone: TD, YD, TM and the chart are counted in its days (issue 40). */
  readonly timeZone: TimezoneChoice;
}

/**
 * getReportDashboardV3: the statistics chart, the top-volume tables and the per-currency cards.
 * `refetchInterval` is the live-update period (false when live updates are off).
 */
export const reportDashboardQuery = (
  params: ReportDashboardParams,
  refetchInterval: number | false,
) =>
  queryOptions({
    queryKey: ['getReportDashboardV3', params],
    queryFn: () => callApi(getReportDashboardV3, params),
    refetchInterval,
    refetchIntervalInBackground: false,
    // A new period or currency shows the spinner rather than the previous choice's figures.
    staleTime: 0,
  });
