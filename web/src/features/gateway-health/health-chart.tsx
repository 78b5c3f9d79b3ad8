import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GatewayHealthRow } from '@bo/contract';
import { LazyEChart, type ChartOption } from '../../ui/charts/lazy-echart';
import { useSessionUser } from '../../lib/session';
import { DEFAULT_TIME_ZONE, ianaZoneOf } from '../../lib/time-zone';

const SUCCESS = '#34c38f';
const FAILURE = '#f46a6a';

/** An hour's start as "14:00" in the reader's time zone. */
function hourLabel(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(new Date(iso));
}

/** A gateway's pay-ins per hour over the last day: successful and failed or expired, stacked. */
export function HealthChart({ chart }: { chart: GatewayHealthRow['chart'] }) {
  const { t } = useTranslation();
  const timeZone = ianaZoneOf(useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE);
  const success = t('gatewayHealth.chartSuccess');
  const failed = t('gatewayHealth.chartUnsuccessful');
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 36, right: 12, top: 12, bottom: 44 },
      xAxis: { type: 'category', data: chart.hours.map((h) => hourLabel(h, timeZone)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: success, type: 'bar', stack: 'outcome', data: chart.success, color: SUCCESS },
        { name: failed, type: 'bar', stack: 'outcome', data: chart.unsuccessful, color: FAILURE },
      ],
    }),
    [chart, timeZone, success, failed],
  );
  return <LazyEChart option={option} label={t('gatewayHealth.chartTitle')} height={200} />;
}
