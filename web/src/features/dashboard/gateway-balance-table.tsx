import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CallResponse, type getAdminDashboardV2 } from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import { DataTable } from '../../ui/list/data-table';
import { useDataTable } from '../../ui/list/use-data-table';
import { compareDecimals } from './compare-decimals';
import { NameText } from '../../ui/name-text';
import { FigureLink } from '../../ui/figure-link';
import { useCanOpen } from '../../lib/session';
import { depositEntriesUrl } from '../../lib/deposit-entries-link';

type GatewayBalance = CallResponse<typeof getAdminDashboardV2>['top_pg_balance'][number];

/** The bar colour of a gateway's use of its balance limit: red from 90%, amber from 70%. */
function toneOf(percent: string): string {
  if (compareDecimals(percent, '90') >= 0) return 'bg-danger';
  if (compareDecimals(percent, '70') >= 0) return 'bg-warning';
  return 'bg-success';
}

const AMOUNT_CELL = { headerClassName: 'text-end', cellClassName: 'text-end text-nowrap' };

/**
 * A gateway's deposit balance in its currency's own decimals (the table names no currency per
 * cell); with `open` (the entries link's title of a row) it opens the entries of the gateway's clearing
 * account, whose closing negated it is (issue 44), as on /pg-currency-balance.
 */
const depositColumn = (
  header: string,
  open: ((g: GatewayBalance) => string) | null,
): ListColumn<GatewayBalance> =>
  column(
    'deposit',
    header,
    (g) => (
      <FigureLink
        to={open === null ? null : depositEntriesUrl(g)}
        open={open?.(g) ?? ''}
        shown={formatMoney(g.pg_deposit_balance, g.currency)}
        equals="closing_negated"
      />
    ),
    { ...AMOUNT_CELL, cellTestId: 'gateway-deposit-balance' },
  );

/**
 * Admin: the payment gateway balance table (PG, Deposit Balance, Limit, Percent). The original
 * built it but hid it; issue 5 shows it.
 */
export function GatewayBalanceTable({
  gateways,
  isDemoDataLeftOut,
}: {
  gateways: readonly GatewayBalance[];
  /** The demo-data switch is off: say that these balances do not follow it. */
  isDemoDataLeftOut: boolean;
}) {
  const { t } = useTranslation();
  const opensEntries = useCanOpen()('ledgerEntries');
  const columns = useMemo(
    (): ListColumn<GatewayBalance>[] => [
      column('pg', t('dashboard.pg'), (gateway) => (
        <>
          <div className="fw-semibold" data-testid="gateway-name">
            <NameText>{gateway.payment_gateway_name}</NameText>
          </div>
          <div className="small text-muted">{gateway.payment_gateway_code}</div>
        </>
      )),
      // In the gateway's currency's own decimals (each row is one currency; its name says which).
      depositColumn(
        t('dashboard.depositBalance'),
        opensEntries
          ? (g) =>
              t('dashboard.openEntries', {
                figure: `${t('dashboard.depositBalance')} ${g.payment_gateway_name}`,
              })
          : null,
      ),
      column(
        'limit',
        t('dashboard.limit'),
        (g) => <bdi>{formatMoney(g.balance_limit, g.currency)}</bdi>,
        { ...AMOUNT_CELL, cellTestId: 'gateway-limit' },
      ),
      column(
        'percent',
        t('dashboard.percent'),
        (gateway) => <PercentBar percent={gateway.percent} />,
        {
          headerClassName: 'percent-col',
          cellClassName: 'percent-col',
          cellTestId: 'gateway-percent',
        },
      ),
    ],
    [t, opensEntries],
  );
  const { table } = useDataTable({
    data: gateways,
    columns,
    getRowId: (gateway) => gateway.payment_gateway_code,
  });
  return (
    <div className="card h-100 mb-0" data-testid="gateway-balance-table">
      <div className="card-header">
        <h5 className="card-title mb-0">{t('dashboard.gatewayBalances')}</h5>
        {isDemoDataLeftOut && (
          <div className="small text-muted mt-1" data-testid="gateway-balances-with-demo">
            <i className="bi bi-info-circle me-1" aria-hidden />
            {t('dashboard.gatewayBalancesWithDemo')}
          </div>
        )}
      </div>
      <DataTable
        table={table}
        status="ready"
        className="table align-middle mb-0 gateway-table"
        emptyMessage={t('dashboard.noGateways')}
        rowTestId="gateway-balance-row"
      />
    </div>
  );
}

/** How full a gateway is against its limit: not a success rate, so not capped. */
function PercentBar({ percent }: { percent: string }) {
  const shown = `${formatMoney(percent)}%`;
  const barWidth = compareDecimals(percent, '100') > 0 ? '100%' : shown.replace(/,/g, '');
  return (
    <div className="d-flex align-items-center gap-2">
      <div className="progress flex-grow-1" style={{ height: 6 }} aria-hidden>
        <div className={`progress-bar ${toneOf(percent)}`} style={{ width: barWidth }} />
      </div>
      <bdi className="small">{shown}</bdi>
    </div>
  );
}
