import { getMoneyDetail, resendMerchantNotification } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { findMoneyDetail } from './money-detail.service';
import { resendLastNotification } from './notification-resend';

/**
 * The detail view of any money item (under the rule of the kind's list, checked per kind),
 * and its action shared by every notified kind: resend the merchant notification (asking a
 * pay-in's gateway is the pay-in's own call).
 */
export function registerMoneyDetailCalls(registry: CallRegistry): void {
  registry
    .user(getMoneyDetail, (ctx, input) => findMoneyDetail(ctx.db, ctx.actor, input.kind, input.id))
    .user(resendMerchantNotification, (ctx, input) =>
      resendLastNotification(ctx, input.kind, input.id),
    );
}
