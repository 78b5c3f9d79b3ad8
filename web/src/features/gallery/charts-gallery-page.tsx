import { useTranslation } from 'react-i18next';
import { LazyEChart, type ChartOption } from '../../ui/charts/lazy-echart';
import { RouteTitle } from '../../ui/page-title';

const PRIMARY = '#556ee6';
const SUCCESS = '#34c38f';
/** Illustration only (the gallery shows how charts look; real figures come with the dashboard). */
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const LINE: ChartOption = {
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

const BAR: ChartOption = {
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
              <LazyEChart option={LINE} label={t('gallery.lineChart')} height={320} />
            </div>
          </div>
        </div>
        <div className="col-xl-5">
          <div className="card">
            <div className="card-body">
              <h5 className="card-title mb-3">{t('gallery.barChart')}</h5>
              <LazyEChart option={BAR} label={t('gallery.barChart')} height={320} />
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
