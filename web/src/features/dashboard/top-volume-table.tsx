import { useTranslation } from 'react-i18next';
import { formatMoney, TOP_LIST_SIZE } from '@bo/contract';
import { Spinner } from '../../ui/spinner';
import { ALL_CURRENCIES } from './currency-choice';

export interface TopVolumeRow {
  readonly code: string;
  readonly name: string;
  readonly volume: string;
  readonly balance: string;
}

/**
 * Top 10 Volume Resellers / Merchants: name, this month's volume (UTC months) and the current
 * balance; the spec's empty message when nobody has volume this month.
 */
export function TopVolumeTable({
  title,
  rows,
  currency,
  testId,
}: {
  title: string;
  rows: readonly TopVolumeRow[] | undefined;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const unit = currency === ALL_CURRENCIES ? '' : currency;
  return (
    <div className="card h-100 mb-0" data-testid={testId}>
      <div className="card-header d-flex align-items-center justify-content-between">
        <h5 className="card-title mb-0">{title}</h5>
        {unit && <span className="badge bg-primary-subtle text-primary">{unit}</span>}
      </div>
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-0 top-volume-table">
          <thead className="table-light">
            <tr>
              <th scope="col" className="rank-col">
                #
              </th>
              <th scope="col">{t('dashboard.name')}</th>
              <th scope="col" className="text-end">
                {t('dashboard.thisMonthVolume')}
              </th>
              <th scope="col" className="text-end">
                {t('dashboard.currentBalance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {!rows ? (
              <tr>
                <td colSpan={4} className="text-center py-4">
                  <Spinner />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="text-center text-muted py-4" data-testid="top-empty">
                  {t('dashboard.noVolume')}
                </td>
              </tr>
            ) : (
              rows.slice(0, TOP_LIST_SIZE).map((row, index) => (
                <tr key={row.code} data-testid="top-row">
                  <td className="rank-col text-muted">{index + 1}</td>
                  <td>
                    <div className="fw-semibold" data-testid="top-name">
                      {row.name}
                    </div>
                    <div className="small text-muted">{row.code}</div>
                  </td>
                  <td className="text-end" data-testid="top-volume">
                    <bdi>{formatMoney(row.volume)}</bdi>
                  </td>
                  <td className="text-end" data-testid="top-balance">
                    <bdi>{formatMoney(row.balance)}</bdi>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
