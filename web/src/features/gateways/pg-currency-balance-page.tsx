import { useMemo } from 'react';
import { useCanOpen } from '../../lib/session';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { getPgCurrencyBalanceList, type GatewayBalanceRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { GatewayStatusBadge, PercentUsed } from './gateway-columns';
import { NameText } from '../../ui/name-text';
import { CurrencyCode } from '../../ui/currency-code';
import { figureColumn } from '../../ui/list/figure-column';
import { depositEntriesUrl } from '../../lib/deposit-entries-link';

function balanceColumns(t: TFunction, opensEntries: boolean): ListColumn<GatewayBalanceRow>[] {
  return [
    column('payment_gateway_code', t('gateways.fields.gateway'), (row) => (
      <span className="text-nowrap">
        <bdi className="fw-medium" data-testid="balance-code">
          {row.payment_gateway_code}
        </bdi>{' '}
        <NameText className="text-muted small">{row.payment_gateway_name}</NameText>
      </span>
    )),
    column('currency', t('gateways.fields.currency'), (row) => (
      <CurrencyCode code={row.currency} />
    )),
    column('status', t('gateways.fields.status'), (row) => (
      <GatewayStatusBadge status={row.status} t={t} />
    )),
    figureColumn<GatewayBalanceRow>(
      'pg_deposit_balance',
      t('gateways.fields.depositBalance'),
      (row) => row.pg_deposit_balance,
      (row) => row.currency,
      (row) => (opensEntries ? depositEntriesUrl(row) : null),
      t('gateways.balances.openEntries'),
      'closing_negated',
    ),
    moneyColumn(
      'balance_limit',
      t('gateways.fields.balanceLimit'),
      (row) => row.balance_limit,
      (row) => row.currency,
    ),
    column('percent', t('gateways.fields.percent'), (row) => (
      <span
        data-testid="balance-percent"
        title={Number(row.percent) >= 100 ? t('gateways.balances.over') : undefined}
      >
        <PercentUsed percent={row.percent} />
      </span>
    )),
  ];
}

/**
 * /pg-currency-balance: per gateway and currency, the deposit balance, its limit and the
 * percent used (the dashboard's hidden gateway balance table, the same server rule).
 */
export default function PgCurrencyBalancePage() {
  const { t } = useTranslation();
  const list = useListPage(getPgCurrencyBalanceList, {
    statusLabel: (status) =>
      status === 'activated' || status === 'inactive' ? t(`gateways.status.${status}`) : status,
  });
  const opensEntries = useCanOpen()('ledgerEntries');
  const columns = useMemo(() => balanceColumns(t, opensEntries), [t, opensEntries]);
  return (
    <>
      <RouteTitle />
      <p className="text-muted small">{t('gateways.balances.intro')}</p>
      <ListView list={list} columns={columns} listId="pg-currency-balance" getRowId={(r) => r.id} />
    </>
  );
}
