import type { GatewayKind } from '@bo/contract';
import type { Db } from '../db/db';

/** What a gateway reports about one pay-in, pay-out or refund. */
export type GatewayOutcome = 'pending' | 'success' | 'failed';

/** The money a gateway moves for us: the registry's kinds with a `gatewayFlow`. */
export type { GatewayKind };

/** A verified callback from a gateway. */
export interface GatewayCallback {
  /** Unique per gateway; a redelivery carries the same id. */
  readonly eventId: string;
  readonly gatewayCode: string;
  readonly kind: GatewayKind;
  /** Our pay-in, pay-out or refund id. */
  readonly refId: string;
  readonly status: 'success' | 'failed';
  /** A dispute's ruling (`success`: won): whether the gateway gave its dispute fee back. */
  readonly feeReturned?: boolean;
  /** The body as the gateway sent it, kept with the event for the detail view. */
  readonly raw?: string;
}

/** What a gateway says of a dispute it opened. */
export interface DisputeOpening {
  readonly reference: string;
  /** The dispute fee, in minor units of the pay-in's currency. */
  readonly fee: bigint;
}

/** The merchant's answer to a dispute, as its gateway receives it. */
export interface DisputeAnswer {
  /** Our dispute id. */
  readonly refId: string;
  readonly gatewayCode: string;
  readonly reference: string;
  readonly amount: bigint;
  readonly currency: string;
  readonly reasonCode: string;
  /** The evidence; null: the merchant accepts the dispute. */
  readonly evidence: {
    readonly productDescription: string;
    readonly customerCommunication: string;
    readonly serviceProof: string;
    readonly note: string;
    /**
     * How many evidence files were submitted with it (the sandbox rules on the count; a real
     * gateway's connector would read the files themselves from `dispute_files`).
     */
    readonly fileCount: number;
  } | null;
}

/** A gateway's ruling on a dispute, as a query answers it (a ruling callback's words). */
export interface DisputeRuling {
  /** `success`: the merchant won; `failed`: lost; `pending`: not ruled yet. */
  readonly outcome: GatewayOutcome;
  /** A won dispute: whether the gateway gave its dispute fee back. */
  readonly feeReturned: boolean;
}

export interface StartRequest {
  readonly refId: string;
  readonly gatewayCode: string;
  readonly amount: bigint;
  readonly currency: string;
}

/**
 * A payment gateway as the lifecycles see it. Every method talks to the outside world, so it is
 * never called inside a database transaction. A second real connector implements this and is
 * registered beside the sandbox; the lifecycles do not change.
 */
export interface PaymentConnector {
  readonly name: string;
  /** Opens a payment; the payer completes it on `paymentUrl`. */
  startPayin(req: StartRequest): Promise<{ reference: string; paymentUrl: string }>;
  /** Sends money out; the result arrives later as a callback (or via `queryStatus`). */
  startPayout(req: StartRequest): Promise<{ reference: string }>;
  /** Pays a pay-in's money back to its payer; the result arrives later as a callback. */
  startRefund(req: StartRequest): Promise<{ reference: string }>;
  /**
   * A dispute the gateway opens on a pay-in of ours (a sandbox can simulate one; a real gateway
   * reports its own): its reference and fee. Null when this gateway cannot simulate disputes.
   */
  openDispute?(req: StartRequest & { readonly reasonCode: string }): Promise<DisputeOpening>;
  /**
   * Sends the merchant's answer to a dispute: its evidence (final), or null when the merchant
   * accepts it. The gateway's ruling arrives later as a callback.
   */
  answerDispute(req: DisputeAnswer): Promise<void>;
  /** Asks the gateway for the current outcome (for transactions whose callback never came). */
  queryStatus(kind: GatewayKind, refId: string): Promise<GatewayOutcome>;
  /**
   * Asks the gateway for its ruling on a dispute of ours (for a dispute whose ruling callback
   * never came): what its callback would have said, the fee given back included.
   */
  queryDisputeRuling(refId: string): Promise<DisputeRuling>;
  /**
   * Checks a callback's signature (over its timestamp and raw body, in constant time) and its
   * timestamp's window, and only then reads it: the one way a callback route gets a
   * `VerifiedCallback` (`verifySignedCallback` makes it; docs/security.md, "Gateway callbacks").
   */
  verifyCallback(request: CallbackRequest): CallbackVerdict;
}

/** A callback as it arrived over HTTP, before anything of it is believed. */
export interface CallbackRequest {
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body's exact bytes (as text): what the gateway signed. */
  readonly rawBody: string;
  readonly receivedAt: Date;
}

/** Only `verifySignedCallback` puts this brand on a callback; nothing else can spell it. */
declare const verifiedBrand: unique symbol;

/**
 * A callback whose signature and timestamp were checked: the callback sink takes nothing else
 * from the outside world.
 */
export interface VerifiedCallback extends GatewayCallback {
  readonly [verifiedBrand]: true;
  /** The signature it came with (lowercase hex): a second delivery of it is a replay. */
  readonly signature: string;
  /** When its timestamp leaves the accepted window: its signature is remembered until then. */
  readonly replayableUntil: Date;
}

/** Why a callback was refused (HTTP 401, nothing changed). */
export interface CallbackRefusal {
  readonly error: 'missing_signature' | 'bad_signature' | 'stale_timestamp' | 'bad_callback';
  readonly message: string;
}

/** A connector's verdict on a callback: believed, or refused with why. */
export type CallbackVerdict =
  | { readonly verified: VerifiedCallback; readonly refused?: undefined }
  | { readonly verified?: undefined; readonly refused: CallbackRefusal };

const connectorsByDb = new WeakMap<Db, Map<string, PaymentConnector>>();

/** Makes `connector` the one serving gateways whose `connector` column names it, for this database. */
export function bindConnector(db: Db, connector: PaymentConnector): void {
  const map = connectorsByDb.get(db) ?? new Map<string, PaymentConnector>();
  map.set(connector.name, connector);
  connectorsByDb.set(db, map);
}

/** The connector named `name` for this database; throws when none is bound (a wiring error). */
export function connectorFor(db: Db, name: string): PaymentConnector {
  const c = connectorsByDb.get(db)?.get(name);
  if (!c) throw new Error(`no payment connector named ${name} is bound`);
  return c;
}
