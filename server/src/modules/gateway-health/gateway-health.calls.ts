import {
  createGatewayHealthRule,
  deleteGatewayHealthRule,
  evaluateGatewayHealthRules,
  getGatewayHealth,
  getGatewayHealthRules,
  updateGatewayHealthRule,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import {
  addHealthRule,
  evaluateHealthNow,
  gatewayHealth,
  healthRules,
  removeHealthRule,
  switchHealthRule,
} from './gateway-health.service';

/** Gateway health monitoring (/payment-gateway/monitoring): figures, rules, evaluation. */
export function registerGatewayHealthCalls(registry: CallRegistry): void {
  registry
    .user(getGatewayHealth, (ctx, input) => gatewayHealth(ctx, input))
    .user(getGatewayHealthRules, (ctx) => healthRules(ctx))
    .user(createGatewayHealthRule, (ctx, input) => addHealthRule(ctx, input))
    .user(updateGatewayHealthRule, (ctx, input) => switchHealthRule(ctx, input))
    .user(deleteGatewayHealthRule, (ctx, input) => removeHealthRule(ctx, input))
    .user(evaluateGatewayHealthRules, (ctx) => evaluateHealthNow(ctx));
}
