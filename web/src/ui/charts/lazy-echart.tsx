import { lazy, Suspense } from 'react';
import type { EChartProps } from './echart';

/** An ECharts option, named here so that callers need not import ECharts itself. */
export type ChartOption = EChartProps['option'];

const EChart = lazy(() => import('./echart'));

/** The chart (dashboard, gallery and later reports), with a placeholder of its height while ECharts loads. */
export function LazyEChart(props: EChartProps) {
  return (
    <Suspense fallback={<div style={{ height: props.height }} aria-busy="true" />}>
      <EChart {...props} />
    </Suspense>
  );
}
