import type { Queryable } from '../../db/db';
import type { GatewayRow } from '../gateways/gateways.service';
import type { FeeSplit } from '@bo/contract';
import { priceNewMovements } from '../contracts/pricing-context';
import { gatewayRouting, type RoutedKind } from './routing-context';
import type { RouteDecision } from './routing-decide';
import { findRefusedGateways } from './routing-decisions';

/*
 * The fallback at hand-over (issue 43; docs/routing.md, "Fallback at hand-over"): what pay-ins
 * and pay-outs share when the gateway a routing profile chose refuses to start a payment. Each
 * kind re-points its own row (its money differs); which gateway is next, and how many tries a
 * payment gets, is said here once.
 */

/** Hand-overs tried for one payment: its gateway, then at most this many fallbacks. */
export const FALLBACKS_AT_HAND_OVER = 2;

/**
 * The gateways that refused a payment so far, by id: those its decision kept as refusing, and
 * `gatewayId`, which has just refused it. Null when no profile routed it (no decision): it has
 * no fallback.
 */
export async function refusalsOf(
  db: Queryable,
  refId: string,
  gatewayId: string,
): Promise<ReadonlySet<string> | null> {
  const before = await findRefusedGateways(db, refId);
  if (before === null) return null;
  if (!before.length) return new Set([gatewayId]);
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM payment_gateways WHERE payment_gateway_code = ANY($1::text[])',
    [before],
  );
  return new Set([gatewayId, ...rows.map((g) => g.id)]);
}

/** A payment in flight as re-routing reads it (a pay-in's or a pay-out's row). */
export interface PaymentToReroute {
  readonly id: string;
  readonly merchant_account_id: string;
  readonly order_id: string;
  readonly currency: string;
  readonly amount: bigint;
  readonly created_at: Date;
}

/** Where a refused payment goes next: the gateway, its price there and routing's decision. */
export interface Rerouted {
  readonly gateway: GatewayRow;
  readonly split: FeeSplit;
  readonly route: RouteDecision;
}

/**
 * A refused payment priced again as intake priced it (`priceNewMovements`: the contract in
 * force at its creation, the same route key), routed with the gateways that refused passed
 * over (`RouteInputs.refused`: the decision names them, why `refused`). Null when there is no
 * fallback: no profile routes it now, or only a gateway that refused is left.
 */
export async function rerouteWithout(
  tx: Queryable,
  payment: PaymentToReroute,
  routed: RoutedKind,
  refused: ReadonlySet<string>,
): Promise<Rerouted | null> {
  const { priced } = await priceNewMovements(
    tx,
    [
      {
        id: payment.id,
        merchantId: payment.merchant_account_id,
        orderId: payment.order_id,
        currency: payment.currency,
        amount: payment.amount,
        createdAt: payment.created_at,
      },
    ],
    routed.direction,
    () => true,
    gatewayRouting(routed, refused),
  );
  const next = priced[0];
  if (!next?.gateway || !next.route || refused.has(next.gateway.id)) return null;
  return { gateway: next.gateway, split: next.split, route: next.route };
}
