import { canTransition, PAYIN_LIFECYCLE, type PayinStatus } from '@bo/contract';
import type { GatewayCallback } from '../../connectors/connector';
import type { Queryable } from '../../db/db';
import {
  recordGatewayEvents,
  type BatchedCallbacks,
  type CallbackOutcome,
  type TimedCallback,
} from '../gateway-callbacks/callback-facet';
import { findGatewayCodes } from '../gateways/gateways.service';
import { changeLockedPayins, lockPayins, type PayinChange } from './payins.service';

/** Whether the lifecycle lets a callback's result follow the pay-in's current state. */
function callbackApplies(event: GatewayCallback, status: string): boolean {
  const from = status as PayinStatus;
  // A success may overtake our own "processing" mark: it walks the pay-in through it.
  const via: PayinStatus = from === 'created' && event.status === 'success' ? 'processing' : from;
  return (
    (via === from || canTransition(PAYIN_LIFECYCLE, from, via)) &&
    canTransition(PAYIN_LIFECYCLE, via, event.status)
  );
}

/** The pay-in transitions an applied callback makes. */
function payinSteps(event: GatewayCallback, status: string, now: Date): PayinChange[] {
  return status === 'created' && event.status === 'success'
    ? [
        { id: event.refId, status: 'processing', at: now },
        { id: event.refId, status: 'success', at: now },
      ]
    : [{ id: event.refId, status: event.status, at: now }];
}

/**
 * Pay-in callbacks of one batch, in one transaction: the pay-ins are locked (in id order,
 * once for the judging and the moving), the events recorded in one statement, and every
 * applied result moves its pay-in. A batch holds at most one callback per pay-in (the group commit's key), so each is judged against
 * its pay-in's state exactly as on its own; two callbacks with the same event id fall back
 * to one by one.
 */
async function applyPayinCallbacksIn(
  tx: Queryable,
  items: readonly TimedCallback[],
): Promise<CallbackOutcome[]> {
  const eventKeys = new Set(items.map((i) => `${i.event.gatewayCode}:${i.event.eventId}`));
  if (eventKeys.size !== items.length) throw new Error('one event twice in a batch');
  const locked = await lockPayins(
    tx,
    items.map((i) => i.event.refId),
  );
  const codes = await findGatewayCodes(
    tx,
    locked.map((p) => p.gateway_id),
  );
  const targets = new Map(locked.map((p) => [p.id, p]));
  const judged = items.map(({ event }) => {
    const target = targets.get(event.refId);
    if (!target || codes.get(target.gateway_id) !== event.gatewayCode) return null;
    return { target, applies: callbackApplies(event, target.status) };
  });
  const fresh = await recordGatewayEvents(
    tx,
    items.flatMap(({ event, now }, i) => {
      const j = judged[i];
      return j ? [{ gatewayId: j.target.gateway_id, event, applied: j.applies, at: now }] : [];
    }),
  );
  const steps: PayinChange[] = [];
  const outcomes = items.map(({ event, now }, i): CallbackOutcome => {
    const j = judged[i];
    if (!j) return 'unknown';
    if (!fresh.has(`${j.target.gateway_id}:${event.eventId}`)) return 'duplicate';
    if (!j.applies) return 'ignored';
    steps.push(...payinSteps(event, j.target.status, now));
    return 'applied';
  });
  await changeLockedPayins(tx, locked, steps);
  return outcomes;
}

/**
 * How a pay-in takes its gateway's callbacks: in batches (one lock, one insert of the events,
 * one write), a callback alone a batch of one; the gateway's words are the pay-in's own.
 */
export const PAYIN_CALLBACKS: BatchedCallbacks = {
  statusOf: (gatewayStatus) => gatewayStatus,
  applies: callbackApplies,
  applyBatch: applyPayinCallbacksIn,
};
