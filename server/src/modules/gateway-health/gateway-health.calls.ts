import type { CallRegistry } from '../../http/registry';

/** Scaffold: the calls of gateway health monitoring (/payment-gateway/monitoring) (issue 13). */
export function registerGatewayHealthCalls(registry: CallRegistry): void {
  void registry;
}
