import { chargeOf, PAYOUT_QUEUED_STATUS } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { MOVEMENT_RATES, type GatewayCosts } from '../contracts/movement-rates';
import { depositBalanceSql } from '../gateways/gateways.service';
import type { GatewayHeadroom } from '../routing/routing-context';

/*
 * A pay-out goes to its gateway only when the gateway can pay it (issue 43; docs/routing.md,
 * "Pay-outs and the gateway's deposit"): its deposit balance, net of the pay-outs and refunds
 * already in flight there, must cover the pay-out's amount plus the gateway's cost (what its
 * success takes from the deposit). A pay-out or a refund is in flight from the moment it enters
 * `processing` (handed, or about to be handed, to the gateway) until its result; a refund's
 * success takes its amount from the deposit.
 */

/**
 * SQL for what the pay-outs and refunds in flight at gateway row `alias` will take of its
 * deposit, as a bigint (each an index-only read: `payouts_in_flight_idx`, `refunds_in_flight_idx`).
 */
const inFlightSql = (alias: string) =>
  `(coalesce((SELECT sum(p.amount + p.gateway_cost) FROM payouts p
       WHERE p.gateway_id = ${alias}.id AND p.status = 'processing'), 0)
    + coalesce((SELECT sum(r.amount) FROM refunds r
       WHERE r.gateway_id = ${alias}.id AND r.status = 'processing'), 0))::bigint`;

/** SQL for what gateway row `alias` still has for new pay-outs: deposit less what is in flight. */
const headroomSql = (alias: string) => `(${depositBalanceSql(alias)} - ${inFlightSql(alias)})`;

/**
 * Each gateway's headroom (its deposit balance less the pay-outs and refunds in flight there)
 * and what a pay-out needs of it: its amount plus the gateway's cost, priced as pricing prices
 * it (`MOVEMENT_RATES.payout`). Routing weighs it before choosing; admission reads it again under
 * the gateway's lock, so the two cannot disagree.
 */
export async function findRoutingHeadroom(
  db: Queryable,
  gatewayIds: readonly string[],
): Promise<Map<string, GatewayHeadroom>> {
  if (!gatewayIds.length) return new Map();
  const { rows } = await db.query<GatewayCosts & { id: string; headroom: bigint }>(
    `SELECT g.id, ${headroomSql('g')} AS headroom, g.payin_cost_ppm, g.payin_cost_fixed,
            g.payout_cost_ppm, g.payout_cost_fixed
       FROM payment_gateways g WHERE g.id = ANY($1::uuid[])`,
    [gatewayIds],
  );
  return new Map(
    rows.map((r) => {
      const cost = MOVEMENT_RATES.payout.gatewayCost(r);
      return [r.id, { left: r.headroom, need: (amount) => amount + chargeOf(amount, cost) }];
    }),
  );
}

/** A pay-out that asks to go to its gateway: which gateway, and what its success would take. */
export interface GatewayClaim {
  readonly gatewayId: string;
  readonly need: bigint;
}

/**
 * Which of `claims` may go to their gateways now, in their order: each is admitted when its
 * gateway is active and what it has left covers it, and then takes that much. The gateways' rows are locked
 * first (`FOR NO KEY UPDATE`, in id order: one lock order for everyone) until the transaction
 * ends, so two transactions admitting to one gateway take turns and the second reads what the
 * first put in flight: two concurrent batches cannot together overdraw a deposit. The lock
 * keeps no other payment waiting: a pay-in's row has no foreign key to its gateway, and a new
 * pay-out's, refund's or dispute's takes only the key-share lock `FOR NO KEY UPDATE` lets by.
 */
export async function admitToGateways(
  tx: Queryable,
  claims: readonly GatewayClaim[],
): Promise<boolean[]> {
  if (!claims.length) return [];
  const ids = [...new Set(claims.map((c) => c.gatewayId))].sort();
  const { rows } = await tx.query<{ id: string; status: string }>(
    'SELECT id, status FROM payment_gateways WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE',
    [ids],
  );
  const active = new Set(rows.filter((r) => r.status === 'activated').map((r) => r.id));
  // A statement after the lock: it sees what the transaction that held it last committed.
  const headroom = await findRoutingHeadroom(tx, ids);
  const left = new Map([...headroom].map(([id, room]) => [id, room.left]));
  return claims.map((c) => {
    // A gateway switched off takes nothing: its pay-outs wait until it is on again.
    if (!active.has(c.gatewayId)) return false;
    const has = left.get(c.gatewayId) ?? 0n;
    if (has < c.need) return false;
    left.set(c.gatewayId, has - c.need);
    return true;
  });
}

/** A gateway's deposit, what its pay-outs and refunds in flight take, and the pay-outs waiting. */
export interface GatewayPayoutFigures {
  readonly deposit: bigint;
  readonly inFlight: bigint;
  readonly queued: number;
}

/** Each gateway's deposit figures for pay-outs (the live routing view). */
export async function findGatewayPayoutFigures(
  db: Queryable,
  gatewayIds: readonly string[],
): Promise<Map<string, GatewayPayoutFigures>> {
  if (!gatewayIds.length) return new Map();
  const { rows } = await db.query<{
    id: string;
    deposit: bigint;
    in_flight: bigint;
    queued: number;
  }>(
    `SELECT g.id, ${depositBalanceSql('g')} AS deposit, ${inFlightSql('g')} AS in_flight,
            (SELECT count(*)::int FROM payouts q
              WHERE q.gateway_id = g.id AND q.status = '${PAYOUT_QUEUED_STATUS}') AS queued
       FROM payment_gateways g WHERE g.id = ANY($1::uuid[])`,
    [gatewayIds],
  );
  return new Map(
    rows.map((r) => [r.id, { deposit: r.deposit, inFlight: r.in_flight, queued: r.queued }]),
  );
}
