import {
  adjustGatewayDeposit,
  createPaymentGateway,
  getGatewayAdminList,
  getPgCurrencyBalanceList,
  setPaymentGatewayStatus,
  setSandboxBehaviour,
  updatePaymentGateway,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import {
  adjustDeposit,
  createGateway,
  setGatewayStatus,
  updateGateway,
} from './gateway-admin.service';
import { gatewayAdminListService, gatewayBalanceListService } from './gateway-lists';
import { setSandboxBehaviour as changeSandboxBehaviour } from './sandbox-behaviour';

/** Payment gateway administration (issue 13): /payment-gateway and /pg-currency-balance. */
export function registerGatewayAdminCalls(registry: CallRegistry): void {
  registry
    .list(getGatewayAdminList, gatewayAdminListService)
    .list(getPgCurrencyBalanceList, gatewayBalanceListService)
    .user(createPaymentGateway, (ctx, input) => createGateway(ctx, input))
    .user(updatePaymentGateway, (ctx, { id, ...change }) => updateGateway(ctx, id, change))
    .user(setPaymentGatewayStatus, (ctx, input) => setGatewayStatus(ctx, input))
    .user(adjustGatewayDeposit, (ctx, input) => adjustDeposit(ctx, input))
    .user(setSandboxBehaviour, (ctx, input) => changeSandboxBehaviour(ctx, input));
}
