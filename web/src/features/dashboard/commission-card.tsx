import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  movementTotalOf,
  pathOf,
  RESELLER_SETTLEMENT_COLUMNS,
  type CallResponse,
  type EntriesTotal,
  type getReportDashboardV3,
} from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { moneyText } from '../../ui/list/money-text';
import { columnEntriesUrl, ledgerEntriesUrl, thisUtcMonth } from '../../lib/ledger-entries-link';
import { FigureLink } from '../../ui/figure-link';

type CommissionRow = CallResponse<typeof getReportDashboardV3>['commission'][number];

/** Each figure of a row and the words of its column. */
const FIGURES = [
  ['available', 'available'],
  ['reserved', 'reserved'],
  ['total', 'total'],
  ['earned_this_month', 'earnedThisMonth'],
  ['withdrawn_this_month', 'withdrawnThisMonth'],
] as const;

/**
 * The entries behind a figure of the reseller's own card (issue 44): its accounts' closing
 * (available, reserved, total) or this month's movements (earned, withdrawn).
 */
function entriesOf(field: (typeof FIGURES)[number][0], currency: string): string {
  const filters = { currency, period: thisUtcMonth() };
  if (field === 'earned_this_month')
    return columnEntriesUrl(RESELLER_SETTLEMENT_COLUMNS, 'earned', filters);
  if (field === 'withdrawn_this_month')
    return columnEntriesUrl(RESELLER_SETTLEMENT_COLUMNS, 'withdrawn', filters);
  if (field === 'available') return ledgerEntriesUrl({ ...filters, purposes: ['commission'] });
  if (field === 'reserved')
    return ledgerEntriesUrl({ ...filters, purposes: ['commission_reserved'] });
  return ledgerEntriesUrl(filters);
}

/** Which total of its entries a figure is: a movement's net (or outflow), else the closing. */
function totalOf(field: (typeof FIGURES)[number][0]): EntriesTotal {
  if (field === 'earned_this_month') return movementTotalOf(RESELLER_SETTLEMENT_COLUMNS, 'earned');
  if (field === 'withdrawn_this_month')
    return movementTotalOf(RESELLER_SETTLEMENT_COLUMNS, 'withdrawn');
  return 'closing';
}

/**
 * A reseller's commission per currency (its own dashboard, or an admin looking at it): what it
 * may withdraw, what its pending withdrawals hold, their total, and this UTC month's earnings
 * and withdrawals — the figures of the balance settlement report, each named for what it is.
 */
export function CommissionCard({ rows }: { rows: readonly CommissionRow[] }) {
  const { t } = useTranslation();
  // The reseller's own figures open their entries (an admin looking names no reseller here).
  const own = useSessionUser()?.account_type === 'reseller';
  if (rows.length === 0) return null;
  return (
    <section className="card mb-4" data-testid="commission-card" aria-labelledby="commission-title">
      <div className="card-header d-flex flex-wrap align-items-baseline gap-2">
        <h2 id="commission-title" className="h6 mb-0 flex-grow-1">
          {t('dashboard.commission.title')}
        </h2>
        <Link to={pathOf('resellerEarningStatement')} className="small">
          {t('dashboard.commission.statement')}
        </Link>
        <Link to={pathOf('resellerBalanceSettlement')} className="small">
          {t('dashboard.commission.settlement')}
        </Link>
      </div>
      <div className="table-responsive">
        <table className="table table-sm mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.currency')}</th>
              {FIGURES.map(([field, words]) => (
                <th key={field} scope="col" className="text-end">
                  {t(`dashboard.commission.${words}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.currency} data-testid="commission-row" data-currency={r.currency}>
                <th scope="row">{r.currency}</th>
                {FIGURES.map(([field, words]) => {
                  const shown = moneyText(r[field], r.currency);
                  const open = t('dashboard.openEntries', {
                    figure: t(`dashboard.commission.${words}`),
                  });
                  return (
                    <td key={field} className="text-end text-nowrap" data-figure={field}>
                      <FigureLink
                        to={own ? entriesOf(field, r.currency) : null}
                        open={open}
                        shown={shown}
                        equals={totalOf(field)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="card-footer small text-muted mb-0">{t('dashboard.commission.note')}</p>
    </section>
  );
}
