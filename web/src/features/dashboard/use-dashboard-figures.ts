import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_STATISTICS_PERIOD,
  type StatisticsPeriod,
  type TimezoneChoice,
} from '@bo/contract';
import { useAppSettings } from '../../lib/api/get-app-settings';
import { supportedCurrencyQuery } from '../../lib/api/get-supported-currency';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { adminDashboardQuery } from './api/get-admin-dashboard-v2';
import { reportDashboardQuery, type ReportDashboardParams } from './api/get-report-dashboard-v3';
import { ALL_CURRENCIES, defaultCurrencyOf } from './currency-choice';
import type { DashboardViewer } from './use-dashboard-viewer';

/** Whether two dashboard requests differ in their period at most (the cards stay the same). */
function samePeriodless(a: ReportDashboardParams | undefined, b: ReportDashboardParams): boolean {
  return a?.currency === b.currency && a.timeZone === b.timeZone;
}

/**
 * The dashboard's choices (currency, period, time zone, live updates) and the figures they ask
 * for: the report every role reads, the admin overview, and the currencies to choose from.
 */
export function useDashboardFigures(viewer: DashboardViewer, accountDbCode: string) {
  const settings = useAppSettings();
  const [isLiveChosen, setLiveChosen] = useState(true);
  const [period, setPeriod] = useState<StatisticsPeriod>(DEFAULT_STATISTICS_PERIOD);
  const [timeZone, setTimeZone] = useState<TimezoneChoice>(DEFAULT_TIME_ZONE);
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const { isAdmin, isMerchant } = viewer;

  // Merchants have no switch: their figures always stay live.
  const isLive = isMerchant || isLiveChosen;
  const refetchInterval: number | false = isLive ? settings.live_update_interval_ms : false;

  // A merchant's are the currencies it trades: those with no figures yet say what to do next.
  const currencies = useQuery(supportedCurrencyQuery());
  const currency = isMerchant
    ? ALL_CURRENCIES
    : (chosenCurrency ??
      (currencies.data
        ? defaultCurrencyOf(currencies.data)
        : currencies.isError
          ? ALL_CURRENCIES
          : null));

  const params: ReportDashboardParams = {
    currency: currency ?? ALL_CURRENCIES,
    statisticsType: period,
    accountType: viewer.accountType,
    accountDbCode,
    timeZone,
  };
  const report = useQuery({
    ...reportDashboardQuery(params, refetchInterval),
    enabled: currency !== null,
    // A new period keeps the cards on screen while the chart reloads; a new currency or time
    // zone does not (every figure changes).
    placeholderData: (previous, previousQuery) =>
      samePeriodless(previousQuery?.queryKey[1] as ReportDashboardParams | undefined, params)
        ? keepPreviousData(previous)
        : undefined,
  });
  const admin = useQuery({
    ...adminDashboardQuery(currency ?? ALL_CURRENCIES, refetchInterval),
    enabled: isAdmin && currency !== null,
  });

  return {
    currencies,
    /** The chosen currency; null until the currencies have answered. */
    currency,
    setChosenCurrency,
    /** The currency the figures are shown in ('-' for every currency). */
    shownCurrency: currency ?? ALL_CURRENCIES,
    isLiveChosen,
    setLiveChosen,
    refetchInterval,
    period,
    setPeriod,
    timeZone,
    setTimeZone,
    report,
    admin,
  };
}

export type DashboardFigures = ReturnType<typeof useDashboardFigures>;
