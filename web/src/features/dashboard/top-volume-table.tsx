import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, TOP_LIST_SIZE } from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import { DataTable } from '../../ui/list/data-table';
import { useDataTable } from '../../ui/list/use-data-table';
import { ALL_CURRENCIES } from './currency-choice';
import { NameText } from '../../ui/name-text';
import { FigureLink } from '../../ui/figure-link';

export interface TopVolumeRow {
  readonly ownerId: string;
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
  balanceLabel,
  balanceEntries,
  volumeList,
}: {
  title: string;
  /** The entries view of a row's balance (issue 44); none: the balance is shown plain. */
  balanceEntries?: (row: TopVolumeRow) => string;
  /** The list of the pay-ins a row's volume sums (issue 44); none: the volume is shown plain. */
  volumeList?: (row: TopVolumeRow) => string | null;
  /** What the balance is: a reseller's commission, a merchant's available balance. */
  balanceLabel: string;
  rows: readonly TopVolumeRow[] | undefined;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const unit = currency === ALL_CURRENCIES ? '' : currency;
  const columns = useMemo(
    (): ListColumn<TopVolumeRow>[] => [
      column('rank', '#', (_row, index) => index + 1, {
        headerClassName: 'rank-col',
        cellClassName: 'rank-col text-muted',
      }),
      column('name', t('dashboard.name'), (row) => (
        <>
          <div className="fw-semibold" data-testid="top-name">
            <NameText>{row.name}</NameText>
          </div>
          <div className="small text-muted">{row.code}</div>
        </>
      )),
      // One currency (the code is in the card's title): its decimals, without repeating it.
      column(
        'volume',
        t('dashboard.thisMonthVolume'),
        (row) => (
          <FigureLink
            to={volumeList ? volumeList(row) : null}
            open={t('dashboard.openTransactions', {
              figure: `${t('dashboard.thisMonthVolume')} ${row.name}`,
            })}
            shown={formatMoney(row.volume, unit)}
            equals="amount"
          />
        ),
        {
          headerClassName: 'text-end',
          cellClassName: 'text-end',
          cellTestId: 'top-volume',
        },
      ),
      column(
        'balance',
        balanceLabel,
        (row) => (
          <FigureLink
            to={balanceEntries ? balanceEntries(row) : null}
            open={t('dashboard.openEntries', { figure: `${balanceLabel} ${row.name}` })}
            shown={formatMoney(row.balance, unit)}
            equals="closing"
          />
        ),
        {
          headerClassName: 'text-end',
          cellClassName: 'text-end',
          cellTestId: 'top-balance',
        },
      ),
    ],
    [t, balanceLabel, balanceEntries, volumeList, unit],
  );
  const shown = useMemo(() => rows?.slice(0, TOP_LIST_SIZE), [rows]);
  const { table } = useDataTable({
    data: shown,
    columns,
    getRowId: (row) => row.code,
  });
  return (
    <div className="card h-100 mb-0" data-testid={testId}>
      <div className="card-header d-flex align-items-center justify-content-between">
        <h5 className="card-title mb-0">{title}</h5>
        {unit && <span className="badge bg-primary-subtle text-primary">{unit}</span>}
      </div>
      <DataTable
        table={table}
        status={rows ? 'ready' : 'loading'}
        loading="spinner"
        className="table table-hover align-middle mb-0 top-volume-table"
        emptyMessage={t('dashboard.noVolume')}
        emptyTestId="top-empty"
        rowTestId="top-row"
        cardsOnPhones={false}
      />
    </div>
  );
}
