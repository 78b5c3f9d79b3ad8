import { canTransition, type Lifecycle } from '@bo/contract';
import type { GatewayCallback, GatewayKind } from '../../connectors/connector';
import { facetTable } from '../../core/kind-facets';
import type { Queryable } from '../../db/db';
import type { SeenCallbackSignature } from './callback-signatures.queries';
import { lockCallbackTarget } from './gateway-events.queries';

/** How a kind that batches its callbacks (the pay-in) records their events. */
export { recordGatewayEvents } from './gateway-events.queries';

/**
 * What became of a callback: `duplicate` is a redelivery of an event applied already (a new
 * message, same event id); `replayed` is the same signed message again (refused, nothing kept).
 */
export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown' | 'replayed';

/**
 * A callback with the instant it was received; one from a connector (a `VerifiedCallback`)
 * carries its signature, noted as seen in the transaction that applies it.
 */
export interface TimedCallback {
  readonly event: GatewayCallback & Partial<SeenCallbackSignature>;
  readonly now: Date;
}

/** The item a callback names, locked: its state and its gateway. */
export interface CallbackTarget {
  readonly status: string;
  readonly gateway_id: string;
  readonly gateway_code: string;
}

/** What every kind a gateway calls back about says of its callbacks. */
interface CallbackBasics {
  /** The gateway's word (`success`|`failed`) in this kind's lifecycle (a refund's `succeeded`). */
  statusOf(gatewayStatus: string): string;
  /** Whether the lifecycle lets the callback's result follow the item's `current` state. */
  applies(event: GatewayCallback, current: string): boolean;
  /** The fields a gateway's ruling adds to its callback (a dispute's fee given back). */
  rulingFields?(ruling: { readonly feeReturned?: boolean }): Partial<GatewayCallback>;
}

/** A kind whose callbacks are applied one by one (its item locked, its event recorded, moved). */
export interface OneByOneCallbacks extends CallbackBasics {
  /** Locks the item the callback names and reads its state and gateway (null: no such item). */
  lockTarget(tx: Queryable, refId: string): Promise<CallbackTarget | null>;
  /** Moves the locked item as the applied callback says, in the caller's transaction. */
  apply(tx: Queryable, event: GatewayCallback, now: Date): Promise<void>;
  readonly applyBatch?: undefined;
}

/**
 * A kind whose callbacks batch (the pay-in): it judges, records and moves many in one go, and
 * answers each one's outcome; a callback alone is a batch of one.
 */
export interface BatchedCallbacks extends CallbackBasics {
  applyBatch(tx: Queryable, items: readonly TimedCallback[]): Promise<CallbackOutcome[]>;
}

/** How a kind takes a gateway's callbacks (gateway-events.ts asks this instead of the kind's name). */
export type CallbackFacet = OneByOneCallbacks | BatchedCallbacks;

/** The kinds' callback facets, filled by `registerMoneyKinds()` (kind-registry). */
export const callbackFacets = facetTable<CallbackFacet>('callback');

/**
 * The callback facet of a kind applied one by one through its lifecycle: the gateway's word
 * read as `statusOf` says, and `change` moving the item (the kind's `change*` function).
 */
export function lifecycleCallbacks<S extends string>(spec: {
  readonly kind: GatewayKind;
  readonly lifecycle: Lifecycle<S>;
  readonly statusOf: (gatewayStatus: string) => S;
  readonly change: (
    tx: Queryable,
    event: GatewayCallback,
    status: S,
    now: Date,
  ) => Promise<unknown>;
  readonly rulingFields?: CallbackBasics['rulingFields'];
}): OneByOneCallbacks {
  const { kind, lifecycle, statusOf, change, rulingFields } = spec;
  return {
    statusOf,
    applies: (event, current) => canTransition(lifecycle, current as S, statusOf(event.status)),
    lockTarget: (tx, refId) => lockCallbackTarget(tx, kind, refId),
    apply: async (tx, event, now) => {
      await change(tx, event, statusOf(event.status), now);
    },
    ...(rulingFields ? { rulingFields } : {}),
  };
}
