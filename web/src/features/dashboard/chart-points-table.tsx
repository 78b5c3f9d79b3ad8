import { useTranslation } from 'react-i18next';
import { formatMoney } from '@bo/contract';
import { FigureLink } from '../../ui/figure-link';
import { TableScroll } from '../../ui/list/table-scroll';
import { CHART_SERIES } from './chart-series';

/** The chart's figures: a label per point and each series' amount at it. */
interface ChartPoints {
  readonly payin: readonly string[];
  readonly payouts: readonly string[];
  readonly date: readonly string[];
}

/**
 * The Statistical Overview's points as a table, folded under the chart: the chart's data in
 * text (a canvas says nothing to a screen reader or a keyboard), each amount opening the list
 * whose totals it is, as a click on the point does (issue 44). `listOf` answers that list's
 * address, or null where there is none to open.
 */
export function ChartPointsTable({
  points,
  currency,
  listOf,
}: {
  points: ChartPoints;
  currency: string;
  listOf: (kind: 'payin' | 'payout', label: string) => string | null;
}) {
  const { t } = useTranslation();
  const series = CHART_SERIES.map((s) => [s.kind, t(s.label), points[s.points]] as const);
  return (
    <details className="mt-2" data-testid="chart-points">
      <summary className="small">{t('dashboard.chartPoints')}</summary>
      <TableScroll label={t('dashboard.chartPoints')}>
        <table className="table table-sm mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chartPoint')}</th>
              {series.map(([kind, label]) => (
                <th key={kind} scope="col" className="text-end">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.date.map((label, i) => (
              <tr key={label}>
                <th scope="row" className="fw-normal text-nowrap">
                  <bdi>{label}</bdi>
                </th>
                {series.map(([kind, name, amounts]) => (
                  <td key={kind} className="text-end text-nowrap">
                    <FigureLink
                      to={listOf(kind, label)}
                      open={t('dashboard.openTransactions', { figure: `${name} ${label}` })}
                      shown={formatMoney(amounts[i] ?? '0', currency)}
                      equals="amount"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
