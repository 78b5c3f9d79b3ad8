import type { Db, Queryable } from '../../db/db';
import { batchesInFlight } from '../../db/batches';
import { GroupCommit, groupCommitOf } from '../../db/group-commit';
import type { GatewayCallback } from '../../connectors/connector';
import {
  callbackFacets,
  type CallbackOutcome,
  type OneByOneCallbacks,
  type TimedCallback,
} from './callback-facet';
import {
  noteFirstCallbackSignatures,
  pruneCallbackSignatures,
} from './callback-signatures.queries';
import { recordDuplicateDelivery, recordGatewayEvent } from './gateway-events.queries';

/** The callbacks received for one pay-in or pay-out (the detail view). */
export { findCallbacksOf, type ReceivedCallback } from './gateway-events.queries';
export type { CallbackOutcome, TimedCallback } from './callback-facet';

/**
 * A received callback's status in the lifecycle of the item it moved (a refund's `success` is
 * its `succeeded`, a dispute's its `won`; a pay-in's and a pay-out's words are their own), for
 * the item's timeline. A kind no gateway calls back about has none to read: its word stays.
 */
export const callbackStatusIn = (kind: string, status: string): string =>
  callbackFacets.has(kind) ? callbackFacets.of(kind).statusOf(status) : status;

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
  const facet = callbackFacets.of(event.kind);
  // A kind whose callbacks batch (pay-in): alone, a batch of one (one lock for judging and moving).
  if (facet.applyBatch) return (await facet.applyBatch(tx, [{ event, now }]))[0]!;
  return applyOneCallbackIn(tx, facet, event, now);
}

/** A callback of a kind applied one by one: its item locked, its event recorded, the item moved. */
async function applyOneCallbackIn(
  tx: Queryable,
  facet: OneByOneCallbacks,
  event: GatewayCallback,
  now: Date,
): Promise<CallbackOutcome> {
  const target = await facet.lockTarget(tx, event.refId);
  if (!target || target.gateway_code !== event.gatewayCode) return 'unknown';
  const applies = facet.applies(event, target.status);
  const fresh = await recordGatewayEvent(
    tx,
    target.gateway_id,
    event,
    applies ? 'applied' : 'ignored',
    now,
  );
  if (!fresh) return 'duplicate';
  if (!applies) return 'ignored';
  await facet.apply(tx, event, now);
  return 'applied';
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
 * Callbacks of one batch of a kind applied one by one (a pay-out's, a refund's…), in one
 * transaction: each is applied as on its own (its item locked, its event recorded, its
 * reservation resolved), in id order, so the batch shares one commit. A pay-out's reservation
 * touches the merchant's balances, which is why they go one after another rather than in one
 * statement.
 */
async function applyOneByOne(
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
 * Callbacks of one kind (at most one per item) applied in the caller's transaction as a batch
 * of `submitGatewayCallback` applies them, a redelivery kept as a duplicate; answers each one's
 * outcome. The demo seed's gateway traffic takes this path.
 */
export async function applyCallbackBatchIn(
  tx: Queryable,
  kind: GatewayCallback['kind'],
  items: readonly TimedCallback[],
): Promise<CallbackOutcome[]> {
  if (!items.length) return [];
  const outcomes = await (callbackFacets.of(kind).applyBatch ?? applyOneByOne)(tx, items);
  for (const [i, outcome] of outcomes.entries())
    if (outcome === 'duplicate') await recordDuplicateDelivery(tx, items[i]!.event, items[i]!.now);
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
  const applyBatch = callbackFacets.of(event.kind).applyBatch ?? applyOneByOne;
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
