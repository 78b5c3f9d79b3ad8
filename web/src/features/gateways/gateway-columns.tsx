import type { TFunction } from 'i18next';
import type { GatewayAdminRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';
import { NameText } from '../../ui/name-text';
import { CurrencyCode } from '../../ui/currency-code';

/** What a row's buttons ask for. */
export type GatewayRequest = 'edit' | 'status' | 'adjust' | 'sandbox';

/** Active or inactive, as a soft badge. */
export function GatewayStatusBadge({
  status,
  t,
}: {
  status: 'activated' | 'inactive';
  t: TFunction;
}) {
  const tone = status === 'activated' ? 'success' : 'danger';
  return (
    <span
      className={`badge bg-${tone}-subtle text-${tone}-emphasis`}
      data-status={status}
      data-testid="gateway-status"
    >
      {t(`gateways.status.${status}`)}
    </span>
  );
}

/** A percent of the limit with a thin bar; red when over 100 %. */
export function PercentUsed({ percent }: { percent: string }) {
  const value = Number(percent);
  const tone = value >= 100 ? 'danger' : value >= 80 ? 'warning' : 'success';
  return (
    <div className="d-flex align-items-center gap-2" style={{ minWidth: '8rem' }}>
      <div className="progress flex-grow-1" style={{ height: '0.4rem' }} aria-hidden>
        <div className={`progress-bar bg-${tone}`} style={{ width: `${Math.min(value, 100)}%` }} />
      </div>
      <bdi className={`small text-nowrap ${value >= 100 ? 'text-danger fw-medium' : ''}`}>
        {percent} %
      </bdi>
    </div>
  );
}

function RowButtons({
  row,
  t,
  onRequest,
}: {
  row: GatewayAdminRow;
  t: TFunction;
  onRequest: (request: GatewayRequest, row: GatewayAdminRow) => void;
}) {
  const isActive = row.status === 'activated';
  const button = (request: GatewayRequest, label: string, icon: string, tone: string) => (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${tone}`}
      title={label}
      aria-label={label}
      onClick={() => onRequest(request, row)}
      data-testid={`gateway-action-${request}`}
    >
      <i className={`bi bi-${icon}`} aria-hidden />
    </button>
  );
  return (
    <div className="d-flex gap-1 flex-nowrap">
      {button('edit', t('gateways.actions.edit'), 'pencil', 'primary')}
      {isActive
        ? button('status', t('gateways.actions.deactivate'), 'slash-circle', 'danger')
        : button('status', t('gateways.actions.activate'), 'check-circle', 'success')}
      {button('adjust', t('gateways.actions.adjust'), 'plus-slash-minus', 'secondary')}
      {row.connector === 'sandbox' &&
        button('sandbox', t('gateways.actions.sandbox'), 'sliders', 'secondary')}
    </div>
  );
}

const costOf = (percent: string, fixed: string, currency: string) => (
  <bdi className="text-nowrap small">
    {Number(percent).toString()} % + {fixed} {currency}
  </bdi>
);

/** The columns of /payment-gateway: the spec's fields, costs, credentials flag and buttons. */
export function gatewayColumns(
  t: TFunction,
  onRequest: (request: GatewayRequest, row: GatewayAdminRow) => void,
): ListColumn<GatewayAdminRow>[] {
  return [
    column('payment_gateway_name', t('gateways.fields.name'), (row) => (
      <span className="text-nowrap">
        <NameText testId="gateway-name">{row.payment_gateway_name}</NameText>
        {row.has_credentials && (
          <i
            className="bi bi-key ms-1 text-muted"
            title={`${t('gateways.fields.credentials')}: ${t('gateways.credentialsStored')}`}
            aria-label={`${t('gateways.fields.credentials')}: ${t('gateways.credentialsStored')}`}
            data-testid="gateway-has-credentials"
          />
        )}
      </span>
    )),
    column(
      'payment_gateway_code',
      t('gateways.fields.code'),
      (row) => <bdi data-testid="gateway-code">{row.payment_gateway_code}</bdi>,
      { cellClassName: 'text-nowrap' },
    ),
    column('payment_db_code', t('gateways.fields.dbCode'), (row) => (
      <bdi>{row.payment_db_code}</bdi>
    )),
    column('currency', t('gateways.fields.currency'), (row) => (
      <CurrencyCode code={row.currency} />
    )),
    column('country', t('gateways.fields.country'), (row) => row.country),
    column('status', t('gateways.fields.status'), (row) => (
      <div style={{ maxWidth: '12rem' }}>
        <GatewayStatusBadge status={row.status} t={t} />
        {row.connector === 'sandbox' && row.sandbox_refuses_hand_overs && (
          <span
            className="badge bg-warning-subtle text-warning-emphasis ms-1"
            data-testid="gateway-sandbox-down"
          >
            {t('gateways.sandbox.down')}
          </span>
        )}
        {row.status_reason && (
          <div
            className="small text-muted text-truncate"
            title={row.status_reason}
            data-testid="gateway-status-reason"
          >
            {row.status_reason}
          </div>
        )}
      </div>
    )),
    moneyColumn(
      'pg_deposit_balance',
      t('gateways.fields.depositBalance'),
      (row) => row.pg_deposit_balance,
      (row) => row.currency,
    ),
    moneyColumn(
      'balance_limit',
      t('gateways.fields.balanceLimit'),
      (row) => row.balance_limit,
      (row) => row.currency,
    ),
    column('percent_used', t('gateways.fields.percentUsed'), (row) => (
      <PercentUsed percent={row.percent_used} />
    )),
    column('success_rate', t('gateways.fields.successRate'), (row) => `${row.success_rate} %`, {
      cellClassName: 'text-end text-nowrap',
      headerClassName: 'text-end',
    }),
    column('payin_cost', t('gateways.fields.payinCost'), (row) =>
      costOf(row.payin_cost_percent, row.payin_cost_fixed, row.currency),
    ),
    column('payout_cost', t('gateways.fields.payoutCost'), (row) =>
      costOf(row.payout_cost_percent, row.payout_cost_fixed, row.currency),
    ),
    column(
      'actions',
      t('gateways.fields.actions'),
      (row) => <RowButtons row={row} t={t} onRequest={onRequest} />,
      { label: t('gateways.fields.actions') },
    ),
  ];
}
