import { getRoutingLive } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { routingLive } from './routing-live.service';

/** The live routing view of the monitoring page (issue 43): shares, rates, headroom, profiles. */
export function registerRoutingLiveCalls(registry: CallRegistry): void {
  registry.user(getRoutingLive, (ctx, input) => routingLive(ctx, input));
}
