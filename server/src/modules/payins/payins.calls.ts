import {
  formatAmount,
  getPayinDetail,
  getPayinList,
  queryPayinAtGateway,
  type PayinRow,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { serveList } from '../scoped-lists/list-query';
import { routedByConditions } from '../routing/routing-list-filter';
import { absolutePaymentUrl } from './payment-url';
import { queryPayinGateway } from './payin-gateway-query';
import { isoOrNull } from '../scoped-lists/scope';
import {
  findPayinInScope,
  PAYIN_PROCESSING_ONLY,
  payinList,
  type PayinListRow,
} from './payins.queries';

/** A pay-in as the back-office lists show it. */
export const viewPayin = (p: PayinListRow): PayinRow => ({
  id: p.id,
  order_id: p.order_id,
  merchant_db_code: p.merchant_db_code,
  merchant_name: p.merchant_name,
  reseller_db_code: p.reseller_db_code,
  reseller_name: p.reseller_name,
  currency: p.currency,
  amount: formatAmount(p.amount, p.currency),
  fee: formatAmount(p.fee, p.currency),
  net_amount: formatAmount(p.net_amount, p.currency),
  status: p.status,
  payment_gateway_code: p.payment_gateway_code,
  gateway_reference: p.gateway_reference ?? null,
  payment_url: p.payment_url,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
  completed_at: isoOrNull(p.completed_at),
  refunded_amount: formatAmount(p.refunded_amount, p.currency),
  disputed: p.disputed,
});

/** Pay-in calls: the scoped list (all, processing), one pay-in's detail, and asking its gateway. */
export function registerPayinCalls(registry: CallRegistry): void {
  registry
    .list(
      getPayinList,
      serveList(payinList, viewPayin, (input, actor) => [
        ...(input.processingOnly ? [PAYIN_PROCESSING_ONLY] : []),
        ...routedByConditions(input, actor, 'p'),
      ]),
    )
    .user(getPayinDetail, async (ctx, input) => {
      const p = await findPayinInScope(ctx.db, ctx.actor, input.id);
      if (!p) throw notFound('No pay-in has this id');
      return {
        ...viewPayin(p),
        payment_url: absolutePaymentUrl(p.payment_url, ctx.config.publicUrl),
        reseller_commission: formatAmount(p.reseller_commission, p.currency),
        platform_profit: formatAmount(p.platform_profit, p.currency),
        gateway_cost: formatAmount(p.gateway_cost, p.currency),
        contract_id: p.contract_id,
        contract_version: p.contract_version,
      };
    })
    .user(queryPayinAtGateway, (ctx, input) => queryPayinGateway(ctx, input.id));
}
