import { useTranslation } from 'react-i18next';
import { compareDecimals } from './compare-decimals';
import { formatMoney, type CallResponse, type getAdminDashboardV2 } from '@bo/contract';

type GatewayBalance = CallResponse<typeof getAdminDashboardV2>['top_pg_balance'][number];

/** The bar colour of a gateway's use of its balance limit: red from 90%, amber from 70%. */
function toneOf(percent: string): string {
  if (compareDecimals(percent, '90') >= 0) return 'bg-danger';
  if (compareDecimals(percent, '70') >= 0) return 'bg-warning';
  return 'bg-success';
}

/**
 * Admin: the payment gateway balance table (PG, Deposit Balance, Limit, Percent). The original
 * built it but hid it; issue 5 shows it.
 */
export function GatewayBalanceTable({ gateways }: { gateways: readonly GatewayBalance[] }) {
  const { t } = useTranslation();
  return (
    <div className="card h-100 mb-0" data-testid="gateway-balance-table">
      <div className="card-header">
        <h5 className="card-title mb-0">{t('dashboard.gatewayBalances')}</h5>
      </div>
      <div className="table-responsive">
        <table className="table align-middle mb-0 gateway-table">
          <thead className="table-light">
            <tr>
              <th scope="col">{t('dashboard.pg')}</th>
              <th scope="col" className="text-end">
                {t('dashboard.depositBalance')}
              </th>
              <th scope="col" className="text-end">
                {t('dashboard.limit')}
              </th>
              <th scope="col" className="percent-col">
                {t('dashboard.percent')}
              </th>
            </tr>
          </thead>
          <tbody>
            {gateways.length === 0 ? (
              <tr>
                <td colSpan={4} className="text-center text-muted py-4">
                  {t('dashboard.noGateways')}
                </td>
              </tr>
            ) : (
              gateways.map((gateway) => {
                // How full the gateway is against its limit: not a success rate, so not capped.
                const percent = `${formatMoney(gateway.percent)}%`;
                const barWidth =
                  compareDecimals(gateway.percent, '100') > 0 ? '100%' : percent.replace(/,/g, '');
                return (
                  <tr key={gateway.payment_gateway_code} data-testid="gateway-balance-row">
                    <td>
                      <div className="fw-semibold" data-testid="gateway-name">
                        {gateway.payment_gateway_name}
                      </div>
                      <div className="small text-muted">{gateway.payment_gateway_code}</div>
                    </td>
                    <td className="text-end" data-testid="gateway-deposit-balance">
                      <bdi>{formatMoney(gateway.pg_deposit_balance)}</bdi>
                    </td>
                    <td className="text-end" data-testid="gateway-limit">
                      <bdi>{formatMoney(gateway.balance_limit)}</bdi>
                    </td>
                    <td className="percent-col" data-testid="gateway-percent">
                      <div className="d-flex align-items-center gap-2">
                        <div className="progress flex-grow-1" style={{ height: 6 }} aria-hidden>
                          <div
                            className={`progress-bar ${toneOf(gateway.percent)}`}
                            style={{ width: barWidth }}
                          />
                        </div>
                        <bdi className="small">{percent}</bdi>
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
