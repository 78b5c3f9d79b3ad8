import { lazy, Suspense } from 'react';
import type { EChartProps } from './echart';

const EChart = lazy(() => import('./echart'));

/** The chart, with a placeholder of its height while ECharts loads. */
export function LazyEChart(props: EChartProps) {
  return (
    <Suspense fallback={<div style={{ height: props.height }} aria-busy="true" />}>
      <EChart {...props} />
    </Suspense>
  );
}
