import { PAYOUT_LIFECYCLE, type PayoutStatus } from '@bo/contract';
import { lifecycleCallbacks } from '../gateway-callbacks/callback-facet';
import { changePayouts } from './payouts.service';

/** How a pay-out takes its gateway's callbacks: one by one, the gateway's words its own. */
export const PAYOUT_CALLBACKS = lifecycleCallbacks({
  kind: 'payout',
  lifecycle: PAYOUT_LIFECYCLE,
  statusOf: (gatewayStatus) => gatewayStatus as PayoutStatus,
  change: (tx, event, status, at) => changePayouts(tx, [{ id: event.refId, status, at }]),
});
