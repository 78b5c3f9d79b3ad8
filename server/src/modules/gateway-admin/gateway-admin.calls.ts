import type { CallRegistry } from '../../http/registry';

/** Scaffold: the calls of payment gateways (/payment-gateway, /pg-currency-balance) (issue 13). */
export function registerGatewayAdminCalls(registry: CallRegistry): void {
  void registry;
}
