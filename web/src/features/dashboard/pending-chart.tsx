import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { EChartsCoreOption } from 'echarts/core';
import { pathOf, type RouteId, formatCount } from '@bo/contract';
import { LazyEChart } from '../../ui/charts/lazy-echart';
import { openedFigureState } from '../../ui/opened-figure';
import { ALL_CURRENCIES } from './currency-choice';

interface PendingList {
  readonly payin: number;
  readonly payout: number;
  readonly settlement: number;
  readonly settlement_wallet: number;
  readonly withdrawal: number;
}

/** Each bar of the chart and the list it opens (spec section 2). */
const BARS = [
  { key: 'payin', label: 'payinBar', routeId: 'payinsProcessing', colour: '#556ee6' },
  { key: 'payout', label: 'payoutBar', routeId: 'payoutsPending', colour: '#f1b44c' },
  { key: 'settlement', label: 'settlementBar', routeId: 'settlementsPending', colour: '#34c38f' },
  {
    key: 'settlement_wallet',
    label: 'settlementWalletBar',
    routeId: 'settlementWalletPending',
    colour: '#74788d',
  },
  { key: 'withdrawal', label: 'withdrawalBar', routeId: 'withdrawalsPending', colour: '#50a5f1' },
] as const satisfies readonly {
  key: keyof PendingList;
  label: string;
  routeId: RouteId;
  colour: string;
}[];

/** A pending list in the dashboard's currency (every currency for '' or `ALL_CURRENCIES`). */
export function pendingListUrl(routeId: RouteId, currency: string): string {
  const shown = currency === ALL_CURRENCIES ? '' : currency;
  return `${pathOf(routeId)}${shown ? `?${new URLSearchParams({ currency: shown })}` : ''}`;
}

/**
 * Admin: the pending-transactions bar chart (Payin, Payout, Settlement to bank and to the USDT
 * wallet, Withdrawal: each settlement queue has its own list, so its own bar). Each bar
 * opens its pending list; the same links sit under the chart for keyboards and screen readers.
 * The original built it but did not render it; issue 5 shows it. The counts are of the
 * dashboard's currency, so each link opens its list filtered to it: the list holds what the
 * bar counts.
 */
export function PendingChart({
  pending,
  currency,
  countsAreLists,
}: {
  pending: PendingList;
  currency: string;
  /**
   * Each count is what its list holds (`data-equals`, issue 44); not while the dashboard
   * leaves out demo merchants that the lists show.
   */
  countsAreLists: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hrefOf = (routeId: RouteId) => pendingListUrl(routeId, currency);
  /** What a bar's list is told of the count it was opened from (when it is the list's). */
  const stateOf = (key: keyof PendingList) =>
    countsAreLists
      ? openedFigureState({ equals: 'count', shown: formatCount(pending[key]) })
      : undefined;
  const labels = useMemo(() => BARS.map((bar) => t(`dashboard.${bar.label}`)), [t]);
  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      // Five bars leave no room for their names under them: the coloured links below the chart
      // name each bar (and the tooltip on hover).
      xAxis: { type: 'category', data: labels, axisLabel: { show: false } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#eff2f7' } } },
      series: [
        {
          type: 'bar',
          barWidth: '45%',
          data: BARS.map((bar) => ({
            value: pending[bar.key],
            itemStyle: { color: bar.colour, borderRadius: [4, 4, 0, 0] },
          })),
        },
      ],
    }),
    [pending, labels],
  );
  return (
    <div className="card h-100 mb-0" data-testid="pending-chart">
      <div className="card-header">
        <h5 className="card-title mb-0">{t('dashboard.pendingChart')}</h5>
      </div>
      <div className="card-body">
        <LazyEChart
          option={option}
          height={220}
          label={t('dashboard.pendingChart')}
          testId="pending-chart-canvas"
          onItemClick={(index) => {
            const bar = BARS[index];
            if (bar) void navigate(hrefOf(bar.routeId), { state: stateOf(bar.key) });
          }}
        />
        <div className="row g-2 mt-2">
          {BARS.map((bar, index) => (
            <div key={bar.key} className="col-6">
              <Link
                to={hrefOf(bar.routeId)}
                className="pending-link d-flex align-items-center justify-content-between"
                data-testid={`pending-link-${bar.key}`}
                data-equals={countsAreLists ? 'count' : undefined}
                state={stateOf(bar.key)}
                title={t('dashboard.openList')}
              >
                <span>
                  <span className="pending-dot" style={{ background: bar.colour }} aria-hidden />
                  {labels[index]}
                </span>
                <b data-testid="pending-count">
                  <bdi>{formatCount(pending[bar.key])}</bdi>
                </b>
              </Link>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
