import {
  depositPercentOfLimit,
  formatAmount,
  formatPercentPpm,
  GATEWAY_STATUSES,
  successPercent,
  type GatewayAdminRow,
  type GatewayBalanceRow,
} from '@bo/contract';
import { defineScopedList, serveList, type ListInput } from '../scoped-lists/list-query';
import { isoOrNull } from '../scoped-lists/scope';
import { GATEWAY_RECORD_COLUMNS, type GatewayAdminRecord } from './gateway-admin.queries';
import { sandboxBehaviourView } from './sandbox-behaviour';

/** Every gateway (an admin's list: the scope lets only admins through). */
export const gatewayList = defineScopedList<GatewayAdminRecord>({
  from: 'FROM payment_gateways g',
  columns: GATEWAY_RECORD_COLUMNS,
  alias: 'g',
  scope: {},
  codes: {},
  statuses: GATEWAY_STATUSES,
  // The one search box: part of the name or a code, any case.
  search: {
    ids: [],
    texts: [],
    contains: ['g.payment_gateway_name', 'g.payment_gateway_code', 'g.payment_db_code'],
  },
  sorts: {
    payment_gateway_code: 'g.payment_gateway_code',
    payment_gateway_name: 'g.payment_gateway_name',
    currency: 'g.currency',
    created_at: 'g.created_at',
  },
  defaultSort: 'payment_gateway_code',
});

export const viewGatewayAdmin = (r: GatewayAdminRecord): GatewayAdminRow => ({
  id: r.id,
  payment_gateway_name: r.payment_gateway_name,
  payment_gateway_code: r.payment_gateway_code,
  payment_db_code: r.payment_db_code,
  currency: r.currency,
  country: r.country,
  connector: r.connector,
  status: r.status,
  status_reason: r.status_reason,
  status_changed_at: isoOrNull(r.status_changed_at),
  pg_deposit_balance: formatAmount(r.deposit_balance, r.currency),
  balance_limit: formatAmount(r.balance_limit, r.currency),
  percent_used: depositPercentOfLimit(r.deposit_balance, r.balance_limit),
  payin_cost_percent: formatPercentPpm(r.payin_cost_ppm),
  payin_cost_fixed: formatAmount(r.payin_cost_fixed, r.currency),
  payout_cost_percent: formatPercentPpm(r.payout_cost_ppm),
  payout_cost_fixed: formatAmount(r.payout_cost_fixed, r.currency),
  success_rate: successPercent(r.succeeded, r.finished),
  has_credentials: r.has_credentials,
  created_at: r.created_at.toISOString(),
  ...sandboxBehaviourView(r),
});

export const viewGatewayBalance = (r: GatewayAdminRecord): GatewayBalanceRow => ({
  id: r.id,
  payment_gateway_name: r.payment_gateway_name,
  payment_gateway_code: r.payment_gateway_code,
  currency: r.currency,
  status: r.status,
  pg_deposit_balance: formatAmount(r.deposit_balance, r.currency),
  balance_limit: formatAmount(r.balance_limit, r.currency),
  percent: depositPercentOfLimit(r.deposit_balance, r.balance_limit),
});

/** The request A to Z unless it says otherwise. */
const aToZ = <I extends ListInput>(input: I): I => ({
  ...input,
  direction: input.direction ?? 'asc',
});

function serveGateways<I extends ListInput, V>(view: (r: GatewayAdminRecord) => V) {
  const served = serveList(gatewayList, view);
  return {
    page: (ctx: Parameters<typeof served.page>[0], input: I) => served.page(ctx, aToZ(input)),
    chunks: (ctx: Parameters<typeof served.chunks>[0], input: I) => served.chunks(ctx, aToZ(input)),
  };
}

/** /payment-gateway's list and its export. */
export const gatewayAdminListService = serveGateways(viewGatewayAdmin);
/** /pg-currency-balance's list and its export (per gateway, so per gateway and currency). */
export const gatewayBalanceListService = serveGateways(viewGatewayBalance);
