import { useChunk } from '../../lib/use-chunk';
import type EChart from './echart';
import type { EChartProps } from './echart';

/** An ECharts option, named here so that callers need not import ECharts itself. */
export type ChartOption = EChartProps['option'];

/** The chart's component once ECharts has come. */
let loadedChart: typeof EChart | undefined;

const loadChart = () =>
  import('./echart').then((module) => {
    loadedChart = module.default;
  });

/** The chart (dashboard, gallery and later reports), with a placeholder of its height while ECharts loads. */
export function LazyEChart(props: EChartProps) {
  const Chart = useChunk(loadedChart, loadChart);
  if (!Chart) return <div style={{ height: props.height }} aria-busy="true" />;
  // eslint-disable-next-line react-hooks/static-components -- one component, kept in loadedChart
  return <Chart {...props} />;
}
