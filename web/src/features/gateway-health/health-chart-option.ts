import { formatCount, type GatewayHealthRow, type TimezoneChoice } from '@bo/contract';
import type { ChartOption } from '../../ui/charts/lazy-echart';
import { clockInTimeZone } from '../../lib/time-zone';

const SUCCESS = '#34c38f';
const FAILURE = '#f46a6a';

/** A count of pay-ins on the axis and in the tooltip: "2,040", as everywhere. */
const countLabel = (value: unknown) => formatCount(Number(value));

/**
 * The chart of a gateway's pay-ins per hour over the last day, successful and failed or expired
 * stacked: hours as "14:00" in the reader's zone, counts through the shared formatter.
 */
export function healthChartOption(
  chart: GatewayHealthRow['chart'],
  timeZone: TimezoneChoice,
  names: { success: string; failed: string },
): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: countLabel },
    legend: { bottom: 0 },
    grid: { left: 36, right: 12, top: 12, bottom: 44 },
    xAxis: { type: 'category', data: chart.hours.map((h) => clockInTimeZone(h, timeZone)) },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: countLabel } },
    series: [
      { name: names.success, type: 'bar', stack: 'outcome', data: chart.success, color: SUCCESS },
      {
        name: names.failed,
        type: 'bar',
        stack: 'outcome',
        data: chart.unsuccessful,
        color: FAILURE,
      },
    ],
  };
}
