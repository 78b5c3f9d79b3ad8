import { DISPUTE_LIFECYCLE, type DisputeStatus } from '@bo/contract';
import { lifecycleCallbacks } from '../gateway-callbacks/callback-facet';
import { changeDisputes } from './disputes.service';

/**
 * How a dispute takes its gateway's ruling: one by one, `success` (the merchant won) its
 * `won`; the ruling says whether the gateway gave its dispute fee back.
 */
export const DISPUTE_CALLBACKS = lifecycleCallbacks({
  kind: 'dispute',
  lifecycle: DISPUTE_LIFECYCLE,
  statusOf: (gatewayStatus): DisputeStatus => (gatewayStatus === 'success' ? 'won' : 'lost'),
  change: (tx, event, status, at) =>
    changeDisputes(tx, [{ id: event.refId, status, at, feeReturned: event.feeReturned }]),
  rulingFields: ({ feeReturned }) => ({ feeReturned: feeReturned === true }),
});
