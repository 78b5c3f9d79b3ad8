import { REFUND_LIFECYCLE, type RefundStatus } from '@bo/contract';
import { lifecycleCallbacks } from '../gateway-callbacks/callback-facet';
import { changeRefunds } from './refunds.service';

/** How a refund takes its gateway's callbacks: one by one, the gateway's `success` its `succeeded`. */
export const REFUND_CALLBACKS = lifecycleCallbacks({
  kind: 'refund',
  lifecycle: REFUND_LIFECYCLE,
  statusOf: (gatewayStatus): RefundStatus => (gatewayStatus === 'success' ? 'succeeded' : 'failed'),
  change: (tx, event, status, at) => changeRefunds(tx, [{ id: event.refId, status, at }]),
});
