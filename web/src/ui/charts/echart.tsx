import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartSummary } from './chart-summary';

// Only the pieces the product draws, so that this lazy chunk stays small.
echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  readonly option: echarts.EChartsCoreOption;
  readonly label: string;
  readonly height: number;
  /** Called with the data index of a clicked bar or point, and its series' index. */
  readonly onItemClick?: (dataIndex: number, seriesIndex: number) => void;
  readonly testId?: string;
}

/**
 * One Apache ECharts chart in a div, resized with its container; ECharts' `aria` option is on,
 * with the chart's text summary (`chartSummary`) as its description and the div's label. Loaded lazily (React.lazy) through
 * `LazyEChart`, so ECharts is fetched only once a chart is on screen. It does not animate for
 * a user who asks for reduced motion. `data-chart-drawn` says whether the latest option is
 * drawn, its entry animation over (ECharts' `finished` event), for a script that waits on it.
 */
export default function EChart({ option, label, height, onItemClick, testId }: EChartProps) {
  const { t } = useTranslation();
  const summary = useMemo(
    () => chartSummary(t, label, option as { series?: unknown }),
    [t, label, option],
  );
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onItemClick);

  useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    chart.on('finished', () => ref.current?.setAttribute('data-chart-drawn', 'true'));
    chart.on('click', (params) => {
      if (typeof params.dataIndex === 'number')
        clickRef.current?.(params.dataIndex, params.seriesIndex ?? 0);
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (!chartRef.current) return;
    ref.current?.setAttribute('data-chart-drawn', 'false');
    chartRef.current.setOption(
      {
        ...option,
        animation: !matchMedia('(prefers-reduced-motion: reduce)').matches,
        aria: { enabled: true, label: { enabled: true, description: summary } },
      },
      { notMerge: true },
    );
  }, [option, summary]);

  return (
    <div
      ref={ref}
      style={{ height, cursor: onItemClick ? 'pointer' : undefined }}
      role="img"
      aria-label={summary}
      data-testid={testId}
      data-chart-drawn="false"
    />
  );
}
