import {
  canTransition,
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  type PayinStatus,
  type PayoutStatus,
} from '@bo/contract';
import type { Db } from '../db/db';
import { changePayins } from '../modules/payins/payins.service';
import { changePayouts } from '../modules/payouts/payouts.service';
import type { GatewayCallback } from './connector';
import { lockCallbackTarget, recordGatewayEvent } from './gateway-events.queries';

export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown';

/**
 * Applies one gateway callback exactly once. The pay-in or pay-out is locked first, then the
 * (gateway, event id) pair is recorded in the same transaction as the state change, so a
 * redelivery — even ten at once — changes nothing. A result the lifecycle does not allow (a
 * failure after a success) is recorded as ignored.
 */
export async function applyGatewayCallback(
  db: Db,
  event: GatewayCallback,
  now = new Date(),
): Promise<CallbackOutcome> {
  return db.transaction(async (tx) => {
    const target = await lockCallbackTarget(tx, event.kind, event.refId);
    if (!target || target.gateway_code !== event.gatewayCode) return 'unknown';
    let applies: boolean;
    if (event.kind === 'payin') {
      const from = target.status as PayinStatus;
      // A success may overtake our own "processing" mark: it walks the pay-in through it.
      const via: PayinStatus =
        from === 'created' && event.status === 'success' ? 'processing' : from;
      applies =
        (via === from || canTransition(PAYIN_LIFECYCLE, from, via)) &&
        canTransition(PAYIN_LIFECYCLE, via, event.status);
    } else {
      applies = canTransition(PAYOUT_LIFECYCLE, target.status as PayoutStatus, event.status);
    }
    const fresh = await recordGatewayEvent(
      tx,
      target.gateway_id,
      event,
      applies ? 'applied' : 'ignored',
    );
    if (!fresh) return 'duplicate';
    if (!applies) return 'ignored';
    if (event.kind === 'payin') {
      const steps =
        target.status === 'created' && event.status === 'success'
          ? [
              { id: event.refId, status: 'processing' as const, at: now },
              { id: event.refId, status: 'success' as const, at: now },
            ]
          : [{ id: event.refId, status: event.status, at: now }];
      await changePayins(tx, steps);
    } else {
      await changePayouts(tx, [{ id: event.refId, status: event.status, at: now }]);
    }
    return 'applied';
  });
}
