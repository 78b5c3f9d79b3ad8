import { simulateRoutingProfile } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { simulateProfile } from './routing-simulation.service';

/** A routing profile replayed over past pay-ins or pay-outs before it is switched on (issue 43). */
export function registerRoutingSimulationCalls(registry: CallRegistry): void {
  registry.user(simulateRoutingProfile, (ctx, input) => simulateProfile(ctx, input));
}
