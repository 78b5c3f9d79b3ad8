import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EChartsCoreOption } from 'echarts/core';
import {
  formatMoney,
  formatMoneyCompact,
  formatMoneyShort,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
  type TimezoneChoice,
} from '@bo/contract';
import { Spinner } from '../../ui/spinner';
import { openedFigureState } from '../../ui/opened-figure';
import type { DayRange } from '../../ui/list/date-presets';
import { ALL_CURRENCIES } from './currency-choice';
import { LazyEChart } from '../../ui/charts/lazy-echart';
import { FigureLink } from '../../ui/figure-link';
import { ChartPointsTable } from './chart-points-table';
import { CHART_SERIES, type ChartSeries } from './chart-series';
import {
  chartDays,
  chartPointDays,
  figureListRoute,
  figureListUrlOfDays,
  type FigureOpens,
} from '../../ui/list/figure-lists';

interface Statistics {
  readonly total_payin: string;
  readonly total_payout: string;
  readonly payin: readonly string[];
  readonly payouts: readonly string[];
  readonly date: readonly string[];
}

const [PAYIN, PAYOUT] = CHART_SERIES;

/**
 * Admin and reseller: the Statistical Overview line chart, the period buttons 1D 7D 1M 1Y and the
 * Total Payin and Total Payout of the period. Drawn in the toolbar's time zone, which its heading
 * names (issue 40: the spec's chart is fixed in Malaysia time; its today must equal TD).
 */
export function StatisticsCard({
  statistics,
  currency,
  period,
  timeZone,
  onPeriodChange,
  isUpdating,
  opens,
}: {
  statistics: Statistics | undefined;
  currency: string;
  period: StatisticsPeriod;
  timeZone: TimezoneChoice;
  onPeriodChange: (period: StatisticsPeriod) => void;
  isUpdating: boolean;
  /**
   * The totals and each point open the list of the successful rows they sum (issue 44), where
   * the viewer may open it; absent when the figures are no list's (demo merchants left out).
   */
  opens?: FigureOpens;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const payinLabel = t(PAYIN.label);
  const payoutLabel = t(PAYOUT.label);
  const option = useMemo(
    () => (statistics ? lineOption(statistics, payinLabel, payoutLabel, currency) : null),
    [statistics, payinLabel, payoutLabel, currency],
  );
  const isAllCurrencies = currency === ALL_CURRENCIES;
  /** The list of `days` for a series' kind, or null (all currencies, 1D, no right to it). */
  const listOf = (kind: 'payin' | 'payout', days: DayRange | null) => {
    const route = figureListRoute(kind);
    if (!opens || isAllCurrencies || !days || !route || !opens.canOpen(route)) return null;
    return figureListUrlOfDays(kind, days, currency, opens.timeZone);
  };
  const periodDays = statistics ? chartDays(period, statistics.date) : null;
  const openPoint = (series: ChartSeries, index: number) => {
    const label = statistics?.date[index];
    const url = label === undefined ? null : listOf(series.kind, chartPointDays(period, label));
    // As the point's link in the table under the chart: the list says which total it is.
    const shown = formatMoney(statistics?.[series.points][index] ?? '0', currency);
    if (url) void navigate(url, { state: openedFigureState({ equals: 'amount', shown }) });
  };

  return (
    <div className="card h-100 mb-0" data-testid="statistics-card">
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <h5 className="card-title mb-0" data-testid="statistics-heading">
            {t('dashboard.statisticalOverview')}{' '}
            <small className="text-muted fw-normal" data-testid="statistics-zone">
              · {t(`dashboard.chartZones.${timeZone}`)}
            </small>
          </h5>
        </div>
        <div className="d-flex align-items-center gap-2">
          {isUpdating && <Spinner size="sm" label={t('dashboard.updating')} />}
          <div
            className="btn-group btn-group-sm"
            role="group"
            aria-label={t('dashboard.statisticsPeriod')}
          >
            {STATISTICS_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                className={`btn ${p === period ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={p === period}
                onClick={() => onPeriodChange(p)}
                data-testid={`period-${p}`}
              >
                {p}
              </button>
            ))}
          </div>
        </div>
      </div>
      <div className="card-body">
        {!statistics ? (
          <div className="d-flex justify-content-center py-5">
            <Spinner />
          </div>
        ) : (
          <>
            <div className="row g-3 mb-2">
              <Total
                label={payinLabel}
                amount={statistics.total_payin}
                currency={currency}
                testId="total-payin"
                colour={PAYIN.colour}
                list={listOf('payin', periodDays)}
              />
              <Total
                label={payoutLabel}
                amount={statistics.total_payout}
                currency={currency}
                testId="total-payout"
                colour={PAYOUT.colour}
                list={listOf('payout', periodDays)}
              />
            </div>
            {isAllCurrencies ? (
              <p
                className="text-muted text-center py-5 mb-0"
                data-testid="statistics-choose-currency"
              >
                {t('dashboard.chooseCurrencyForChart')}
              </p>
            ) : (
              option && (
                <LazyEChart
                  option={option}
                  height={300}
                  label={t('dashboard.statisticalOverview')}
                  testId="statistics-chart"
                  onItemClick={(index, series) => {
                    const clicked = CHART_SERIES[series];
                    if (clicked) openPoint(clicked, index);
                  }}
                />
              )
            )}
            {!isAllCurrencies && (
              <ChartPointsTable
                points={statistics}
                currency={currency}
                listOf={(kind, label) => listOf(kind, chartPointDays(period, label))}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Total({
  label,
  amount,
  currency,
  testId,
  colour,
  list,
}: {
  label: string;
  amount: string;
  currency: string;
  testId: string;
  colour: string;
  /** The list whose totals this is, or null. */
  list: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="col-sm-6">
      <div className="statistics-total" style={{ borderInlineStartColor: colour }}>
        <div className="text-muted small">{label}</div>
        <div className="fs-5 fw-semibold" data-testid={testId}>
          <FigureLink
            to={list}
            open={t('dashboard.openTransactions', { figure: label })}
            shown={formatMoney(amount, currency)}
            equals="amount"
          />
          {currency !== ALL_CURRENCIES && (
            <>
              {' '}
              <span className="fs-6 text-muted">{currency}</span>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The line chart's option. The series stay decimal strings: ECharts reads them for drawing only,
 * and the tooltip shows the exact strings formatted.
 */
function lineOption(
  statistics: Statistics,
  payinLabel: string,
  payoutLabel: string,
  /** The chart's currency: its amounts in that currency's decimals. */
  currency: string,
): EChartsCoreOption {
  const series = [
    { name: payinLabel, values: statistics[PAYIN.points], colour: PAYIN.colour },
    { name: payoutLabel, values: statistics[PAYOUT.points], colour: PAYOUT.colour },
  ];
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number; seriesIndex: number; marker: string }[]) => {
        const first = params[0];
        if (!first) return '';
        const lines = params.map((p) => {
          const s = series[p.seriesIndex];
          return s
            ? `${p.marker} ${s.name}: <b>${formatMoneyCompact(s.values[p.dataIndex], currency)}</b>`
            : '';
        });
        return [statistics.date[first.dataIndex] ?? '', ...lines].join('<br/>');
      },
    },
    legend: { bottom: 0, data: series.map((s) => s.name) },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: [...statistics.date], boundaryGap: false },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (value: number | string) => formatMoneyShort(String(value)) },
      splitLine: { lineStyle: { color: '#eff2f7' } },
    },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: statistics.date.length <= 31,
      data: [...s.values],
      color: s.colour,
      areaStyle: { opacity: 0.08 },
    })),
  };
}
