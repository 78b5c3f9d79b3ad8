import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GatewayHealthRow } from '@bo/contract';
import { LazyEChart } from '../../ui/charts/lazy-echart';
import { useSessionUser } from '../../lib/session';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { healthChartOption } from './health-chart-option';

/** A gateway's pay-ins per hour over the last day: successful and failed or expired, stacked. */
export function HealthChart({ chart }: { chart: GatewayHealthRow['chart'] }) {
  const { t } = useTranslation();
  const timeZone = useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE;
  const success = t('gatewayHealth.chartSuccess');
  const failed = t('gatewayHealth.chartUnsuccessful');
  const option = useMemo(
    () => healthChartOption(chart, timeZone, { success, failed }),
    [chart, timeZone, success, failed],
  );
  return <LazyEChart option={option} label={t('gatewayHealth.chartTitle')} height={200} />;
}
