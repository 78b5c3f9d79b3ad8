import {
  canTransition,
  DISPUTE_LIFECYCLE,
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  REFUND_LIFECYCLE,
  type DisputeStatus,
  type PayinStatus,
  type PayoutStatus,
  type RefundStatus,
} from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { GroupCommit, groupCommitOf } from '../../db/group-commit';
import { batchesInFlight } from '../payins/payin-batches';
import { findGatewayCodes } from '../gateways/gateways.service';
import { changeLockedPayins, lockPayins, type PayinChange } from '../payins/payins.service';
import { changePayouts } from '../payouts/payouts.service';
import { changeRefunds } from '../refunds/refunds.service';
import { changeDisputes } from '../disputes/disputes.service';
import type { GatewayCallback } from '../../connectors/connector';
import {
  noteFirstCallbackSignatures,
  pruneCallbackSignatures,
  type SeenCallbackSignature,
} from './callback-signatures.queries';
import {
  lockCallbackTarget,
  recordDuplicateDelivery,
  recordGatewayEvent,
  recordGatewayEvents,
} from './gateway-events.queries';

/** The callbacks received for one pay-in or pay-out (the detail view). */
export { findCallbacksOf, type ReceivedCallback } from './gateway-events.queries';

/**
 * What became of a callback: `duplicate` is a redelivery of an event applied already (a new
 * message, same event id); `replayed` is the same signed message again (refused, nothing kept).
 */
export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown' | 'replayed';

/** A gateway's word for a refund's result, in the refund's lifecycle. */
const refundStatusOf = (status: string): RefundStatus =>
  status === 'success' ? 'succeeded' : 'failed';

/** A gateway's ruling on a dispute, in the dispute's lifecycle (`success`: the merchant won). */
const disputeStatusOf = (status: string): DisputeStatus => (status === 'success' ? 'won' : 'lost');

/**
 * A received callback's status in the lifecycle of the item it moved (a refund's `success` is
 * its `succeeded`, a dispute's its `won`; a pay-in's and a pay-out's words are their own), for
 * the item's timeline.
 */
export const callbackStatusIn = (kind: string, status: string): string =>
  kind === 'refund'
    ? refundStatusOf(status)
    : kind === 'dispute'
      ? disputeStatusOf(status)
      : status;

/** Whether the lifecycle lets a callback's result follow the target's current state. */
function callbackApplies(event: GatewayCallback, status: string): boolean {
  if (event.kind === 'payout')
    return canTransition(PAYOUT_LIFECYCLE, status as PayoutStatus, event.status);
  if (event.kind === 'refund')
    return canTransition(REFUND_LIFECYCLE, status as RefundStatus, refundStatusOf(event.status));
  if (event.kind === 'dispute')
    return canTransition(DISPUTE_LIFECYCLE, status as DisputeStatus, disputeStatusOf(event.status));
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
  return db.transaction((tx) => applyCallbackIn(tx, event, now));
}

/** What `applyGatewayCallback` does, in the caller's transaction. */
export async function applyCallbackIn(
  tx: Queryable,
  event: GatewayCallback,
  now: Date,
): Promise<CallbackOutcome> {
  // A pay-in callback alone is a batch of one (one lock for judging and moving).
  if (event.kind === 'payin') return (await applyPayinCallbacksIn(tx, [{ event, now }]))[0]!;
  const target = await lockCallbackTarget(tx, event.kind, event.refId);
  if (!target || target.gateway_code !== event.gatewayCode) return 'unknown';
  const applies = callbackApplies(event, target.status);
  const fresh = await recordGatewayEvent(
    tx,
    target.gateway_id,
    event,
    applies ? 'applied' : 'ignored',
    now,
  );
  if (!fresh) return 'duplicate';
  if (!applies) return 'ignored';
  if (event.kind === 'refund')
    await changeRefunds(tx, [{ id: event.refId, status: refundStatusOf(event.status), at: now }]);
  else if (event.kind === 'dispute')
    await changeDisputes(tx, [
      {
        id: event.refId,
        status: disputeStatusOf(event.status),
        at: now,
        feeReturned: event.feeReturned,
      },
    ]);
  else await changePayouts(tx, [{ id: event.refId, status: event.status, at: now }]);
  return 'applied';
}

/**
 * A callback with the instant it was received; one from a connector (a `VerifiedCallback`)
 * carries its signature, noted as seen in the transaction that applies it.
 */
export interface TimedCallback {
  readonly event: GatewayCallback & Partial<SeenCallbackSignature>;
  readonly now: Date;
}

type ApplyBatch = (tx: Queryable, items: readonly TimedCallback[]) => Promise<CallbackOutcome[]>;

/**
 * Runs `apply` on the items whose signature is new, noting the signatures in the same
 * transaction (rolled back with it, so a failed apply leaves the gateway free to send the same
 * bytes again); an item whose signature was seen is `replayed` and changes nothing. A batch
 * never holds one signature twice: its items are of different pay-ins (the group commit's key).
 */
async function withoutReplays(
  tx: Queryable,
  items: readonly TimedCallback[],
  apply: ApplyBatch,
): Promise<CallbackOutcome[]> {
  const signed = items.flatMap(({ event: { signature, replayableUntil } }) =>
    signature && replayableUntil ? [{ signature, replayableUntil }] : [],
  );
  const first = await noteFirstCallbackSignatures(tx, signed);
  const isReplay = ({ event }: TimedCallback) =>
    event.signature !== undefined && !first.has(event.signature);
  const fresh = items.filter((item) => !isReplay(item));
  const outcomes = fresh.length ? await apply(tx, fresh) : [];
  let next = 0;
  return items.map((item) => (isReplay(item) ? 'replayed' : outcomes[next++]!));
}

/**
 * Pay-in callbacks (at most one per pay-in) applied in the caller's transaction as
 * `submitGatewayCallback` applies a batch of them, a redelivery kept as a duplicate; answers
 * each one's outcome. The demo seed's callbacks take this path.
 */
export async function applyPayinCallbacks(
  tx: Queryable,
  items: readonly TimedCallback[],
): Promise<CallbackOutcome[]> {
  if (!items.length) return [];
  const outcomes = await applyPayinCallbacksIn(tx, items);
  for (const [i, outcome] of outcomes.entries())
    if (outcome === 'duplicate') await recordDuplicateDelivery(tx, items[i]!.event, items[i]!.now);
  return outcomes;
}

/**
 * Pay-in callbacks of one batch, in one transaction: the pay-ins are locked (in id order,
 * once for the judging and the moving), the events recorded in one statement, and every applied result moves its pay-in. A batch
 * holds at most one callback per pay-in (the group commit's key), so each is judged against
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
 * Pay-out callbacks of one batch, in one transaction: each is applied as on its own (its
 * pay-out locked, its event recorded, its reservation resolved), in pay-out id order, so the
 * batch shares one commit. A pay-out's reservation touches the merchant's balances, which is
 * why they go one after another rather than in one statement.
 */
async function applyPayoutCallbacksIn(
  tx: Queryable,
  items: readonly TimedCallback[],
): Promise<CallbackOutcome[]> {
  const order = items
    .map((_item, i) => i)
    .sort((a, b) => (items[a]!.event.refId < items[b]!.event.refId ? -1 : 1));
  const outcomes: CallbackOutcome[] = new Array(items.length);
  for (const i of order) outcomes[i] = await applyCallbackIn(tx, items[i]!.event, items[i]!.now);
  return outcomes;
}

/**
 * Applies a verified gateway callback exactly once, like `applyGatewayCallback`, through the
 * database's group commit of its kind (one transaction for a batch of callbacks); each
 * answers once its batch has committed.
 */
export async function submitGatewayCallback(
  db: Db,
  event: TimedCallback['event'],
  now = new Date(),
): Promise<CallbackOutcome> {
  pruneSignaturesNowAndThen(db, now);
  const applyBatch = event.kind === 'payin' ? applyPayinCallbacksIn : applyPayoutCallbacksIn;
  const outcome = await groupCommitOf(
    db,
    `${event.kind}-callback`,
    () =>
      new GroupCommit<TimedCallback, CallbackOutcome>(db, {
        many: (tx, items) => withoutReplays(tx, items, applyBatch),
        one: async (tx, item) =>
          (
            await withoutReplays(tx, [item], async (t, [i]) => [
              await applyCallbackIn(t, i!.event, i!.now),
            ])
          )[0]!,
        key: (i) => i.event.refId,
        maxConcurrent: batchesInFlight(db),
      }),
  ).submit({ event, now });
  // A redelivery changed nothing; it is kept on its own (rare, outside the batch) so the
  // detail view can show it marked.
  if (outcome === 'duplicate') await recordDuplicateDelivery(db, event, now);
  return outcome;
}

const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<Db, number>();

/** Forgets callback signatures whose window has closed, at most once a minute per process. */
function pruneSignaturesNowAndThen(db: Db, now: Date) {
  if (now.getTime() - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  // Not awaited: the callback needs none of it, and a failed prune is retried a minute later.
  // A minute's margin: another instance's clock may be a little behind this one's.
  void pruneCallbackSignatures(db, new Date(now.getTime() - PRUNE_EVERY_MS)).catch(() =>
    lastPrune.delete(db),
  );
}
