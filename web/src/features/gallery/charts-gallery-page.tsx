import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { RouteTitle } from '../../ui/page-title';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

const PRIMARY = '#556ee6';
const SUCCESS = '#34c38f';
/** Illustration only (the gallery shows how charts look; real figures come with the dashboard). */
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function Chart({ option, label }: { option: echarts.EChartsCoreOption; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} style={{ height: 320 }} role="img" aria-label={label} />;
}

const LINE: echarts.EChartsCoreOption = {
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  grid: { left: 40, right: 16, top: 16, bottom: 48 },
  xAxis: { type: 'category', data: DAYS, boundaryGap: false },
  yAxis: { type: 'value' },
  series: [
    {
      name: 'A',
      type: 'line',
      smooth: true,
      data: [12, 18, 15, 22, 28, 24, 30],
      color: PRIMARY,
      areaStyle: { opacity: 0.08 },
    },
    { name: 'B', type: 'line', smooth: true, data: [8, 10, 14, 12, 16, 19, 17], color: SUCCESS },
  ],
};

const BAR: echarts.EChartsCoreOption = {
  tooltip: { trigger: 'axis' },
  grid: { left: 40, right: 16, top: 16, bottom: 32 },
  xAxis: { type: 'category', data: DAYS },
  yAxis: { type: 'value' },
  series: [
    {
      type: 'bar',
      data: [5, 9, 7, 11, 6, 4, 8],
      color: PRIMARY,
      barWidth: '45%',
      itemStyle: { borderRadius: [4, 4, 0, 0] },
    },
  ],
};

/** /charts: the charting component (Apache ECharts) in the product's colours. */
export default function ChartsGalleryPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('gallery.sampleData')}</p>
      <div className="row">
        <div className="col-xl-7">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title mb-3">{t('gallery.lineChart')}</h5>
              <Chart option={LINE} label={t('gallery.lineChart')} />
            </div>
          </div>
        </div>
        <div className="col-xl-5">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title mb-3">{t('gallery.barChart')}</h5>
              <Chart option={BAR} label={t('gallery.barChart')} />
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
