import { getMoneyDetail, queryPayinAtGateway, resendMerchantNotification } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { findMoneyDetail } from './money-detail.service';
import { resendLastNotification } from './notification-resend';
import { queryPayinGateway } from './payin-gateway-query';

/**
 * The detail view of any money item (under the rule of the kind's list, checked per kind),
 * and its two actions: resend the merchant notification, ask the gateway about a pay-in.
 */
export function registerMoneyDetailCalls(registry: CallRegistry): void {
  registry
    .user(getMoneyDetail, (ctx, input) => findMoneyDetail(ctx.db, ctx.actor, input.kind, input.id))
    .user(resendMerchantNotification, (ctx, input) =>
      resendLastNotification(ctx, input.kind, input.id),
    )
    .user(queryPayinAtGateway, (ctx, input) => queryPayinGateway(ctx, input.id));
}
