import {
  getPaymentGatewayList,
  getPgListByCurrency,
  updatePaymentGatewayStatus,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { pageWindow } from '../scoped-lists/scope';
import { viewGateways } from './gateway-view';
import { findGateways } from './gateways.queries';
import { announceGatewayChange, changeGatewayStatus } from './gateways.service';

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
          const row = await changeGatewayStatus(tx, ctx, {
            id: input.id,
            status: input.status,
            reason: input.reason ?? '',
            actor: ctx.actor,
          });
          const [view] = await viewGateways(tx, [row]);
          return view!;
        })
        .finally(announceGatewayChange),
    );
}
