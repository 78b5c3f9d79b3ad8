import { chunkComponent } from '../../lib/use-chunk';
import type { EChartProps } from './echart';

/** An ECharts option, named here so that callers need not import ECharts itself. */
export type ChartOption = EChartProps['option'];

/** The chart (dashboard, gallery and later reports), with a placeholder of its height while ECharts loads. */
export const LazyEChart = chunkComponent(
  () => import('./echart'),
  (props) => <div style={{ height: props.height }} aria-busy="true" />,
);
