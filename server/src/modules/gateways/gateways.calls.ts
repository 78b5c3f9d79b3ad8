import {
  getPaymentGatewayList,
  getPgListByCurrency,
  updatePaymentGatewayStatus,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { pageWindow } from '../money-scope/scope';
import { viewGateways } from './gateway-view';
import { findGatewayById, findGateways, updateGatewayStatus } from './gateways.queries';
import { announceGatewayChange } from './gateways.service';

/** Payment gateway calls (admin): by currency, paged list, status change. */
export function registerGatewayCalls(registry: CallRegistry): void {
  registry
    .user(getPgListByCurrency, async (ctx, input) => {
      const { rows } = await findGateways(ctx.db, { currency: input.currency });
      return { pg_list: await viewGateways(ctx.db, rows) };
    })
    .user(getPaymentGatewayList, async (ctx, input) => {
      const { rows, total } = await findGateways(ctx.db, {
        ...input,
        ...pageWindow(input.page, input.pageSize),
      });
      return {
        rows: await viewGateways(ctx.db, rows),
        total,
        page: input.page,
        page_size: input.pageSize,
      };
    })
    .user(updatePaymentGatewayStatus, (ctx, input) =>
      ctx.db
        .transaction(async (tx) => {
          const before = await findGatewayById(tx, input.id);
          if (!before) throw notFound('No payment gateway has this id');
          await updateGatewayStatus(tx, input.id, input.status);
          announceGatewayChange();
          await recordAdminLog(tx, ctx, {
            action: 'payment_gateway.update_status',
            actor: ctx.actor,
            targetType: 'payment_gateway',
            targetId: input.id,
            before: { status: before.status },
            after: { status: input.status },
          });
          const [view] = await viewGateways(tx, [{ ...before, status: input.status }]);
          return view!;
        })
        .finally(announceGatewayChange),
    );
}
