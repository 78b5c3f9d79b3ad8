import type { Queryable } from '../../db/db';
import type { GatewayCallback } from '../../connectors/connector';

/** Locks the pay-in or pay-out a callback names and reads its state and gateway. */
export async function lockCallbackTarget(db: Queryable, kind: 'payin' | 'payout', id: string) {
  const table = kind === 'payin' ? 'payins' : 'payouts';
  const { rows } = await db.query<{ status: string; gateway_id: string; gateway_code: string }>(
    `SELECT t.status, t.gateway_id, g.payment_gateway_code AS gateway_code
       FROM ${table} t JOIN payment_gateways g ON g.id = t.gateway_id WHERE t.id = $1 FOR UPDATE OF t`,
    [id],
  );
  return rows[0] ?? null;
}

/** Records a callback once per (gateway, event id); false when it was seen before. */
export async function recordGatewayEvent(
  db: Queryable,
  gatewayId: string,
  event: GatewayCallback,
  outcome: string,
) {
  const { rows } = await db.query(
    `INSERT INTO gateway_events (gateway_id, event_id, ref_id, status, outcome) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [gatewayId, event.eventId, event.refId, event.status, outcome],
  );
  return rows.length > 0;
}

/**
 * Records callbacks once per (gateway, event id), in one statement; answers the
 * `gatewayId:eventId` pairs that were new.
 */
export async function recordGatewayEvents(
  db: Queryable,
  events: readonly { gatewayId: string; event: GatewayCallback; applied: boolean }[],
): Promise<Set<string>> {
  if (!events.length) return new Set();
  const { rows } = await db.query<{ gateway_id: string; event_id: string }>(
    `INSERT INTO gateway_events (gateway_id, event_id, ref_id, status, outcome)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[])
     ON CONFLICT DO NOTHING RETURNING gateway_id, event_id`,
    [
      events.map((e) => e.gatewayId),
      events.map((e) => e.event.eventId),
      events.map((e) => e.event.refId),
      events.map((e) => e.event.status),
      events.map((e) => (e.applied ? 'applied' : 'ignored')),
    ],
  );
  return new Set(rows.map((r) => `${r.gateway_id}:${r.event_id}`));
}
