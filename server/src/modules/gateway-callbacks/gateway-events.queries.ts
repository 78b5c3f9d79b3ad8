import type { Queryable } from '../../db/db';
import { moneyKind } from '@bo/contract';
import type { GatewayCallback, GatewayKind } from '../../connectors/connector';

/** Locks the pay-in, pay-out or refund a callback names and reads its state and gateway. */
export async function lockCallbackTarget(db: Queryable, kind: GatewayKind, id: string) {
  const { table } = moneyKind(kind);
  const { rows } = await db.query<{ status: string; gateway_id: string; gateway_code: string }>(
    `SELECT t.status, t.gateway_id, g.payment_gateway_code AS gateway_code
       FROM ${table} t JOIN payment_gateways g ON g.id = t.gateway_id WHERE t.id = $1 FOR UPDATE OF t`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Records a callback once per (gateway, event id), received at `at` (the instant its change
 * is stamped with); false when it was seen before.
 */
export async function recordGatewayEvent(
  db: Queryable,
  gatewayId: string,
  event: GatewayCallback,
  outcome: string,
  at: Date,
) {
  const { rows } = await db.query(
    `INSERT INTO gateway_events (gateway_id, event_id, ref_id, status, outcome, raw_body, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [
      gatewayId,
      event.eventId,
      event.refId,
      event.status,
      outcome,
      event.raw ?? '',
      at.toISOString(),
    ],
  );
  return rows.length > 0;
}

/**
 * Records callbacks once per (gateway, event id), in one statement; answers the
 * `gatewayId:eventId` pairs that were new.
 */
export async function recordGatewayEvents(
  db: Queryable,
  events: readonly { gatewayId: string; event: GatewayCallback; applied: boolean; at: Date }[],
): Promise<Set<string>> {
  if (!events.length) return new Set();
  const { rows } = await db.query<{ gateway_id: string; event_id: string }>(
    `INSERT INTO gateway_events (gateway_id, event_id, ref_id, status, outcome, raw_body, received_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[],
       $7::timestamptz[])
     ON CONFLICT DO NOTHING RETURNING gateway_id, event_id`,
    [
      events.map((e) => e.gatewayId),
      events.map((e) => e.event.eventId),
      events.map((e) => e.event.refId),
      events.map((e) => e.event.status),
      events.map((e) => (e.applied ? 'applied' : 'ignored')),
      events.map((e) => e.event.raw ?? ''),
      events.map((e) => e.at.toISOString()),
    ],
  );
  return new Set(rows.map((r) => `${r.gateway_id}:${r.event_id}`));
}

/**
 * Keeps a redelivery of an event already recorded (it changed nothing), so the detail view
 * can show it marked as a duplicate. Written only when a duplicate arrives.
 */
export async function recordDuplicateDelivery(db: Queryable, event: GatewayCallback, at: Date) {
  await db.query(
    `INSERT INTO gateway_event_duplicates (gateway_id, event_id, ref_id, raw_body, received_at)
     SELECT g.id, $2, $3, $4, $5 FROM payment_gateways g WHERE g.payment_gateway_code = $1`,
    [event.gatewayCode, event.eventId, event.refId, event.raw ?? '', at.toISOString()],
  );
}

/** A callback received for one pay-in or pay-out: the first delivery or a duplicate. */
export interface ReceivedCallback {
  received_at: Date;
  event_id: string;
  status: string;
  /** `applied`, `ignored` (the lifecycle refused it) or `duplicate` (a redelivery). */
  outcome: string;
  raw_body: string;
}

/** Every callback received for one of `refIds`, first deliveries and duplicates, oldest first. */
export async function findCallbacksOf(
  db: Queryable,
  refIds: readonly string[],
): Promise<(ReceivedCallback & { ref_id: string })[]> {
  if (!refIds.length) return [];
  const { rows } = await db.query<ReceivedCallback & { ref_id: string }>(
    `SELECT ref_id, received_at, event_id, status, outcome, raw_body FROM gateway_events
      WHERE ref_id = ANY($1::uuid[])
     UNION ALL
     SELECT d.ref_id, d.received_at, d.event_id, coalesce(e.status, ''), 'duplicate', d.raw_body
       FROM gateway_event_duplicates d
       LEFT JOIN gateway_events e ON e.gateway_id = d.gateway_id AND e.event_id = d.event_id
      WHERE d.ref_id = ANY($1::uuid[])
     ORDER BY received_at, event_id`,
    [refIds],
  );
  return rows;
}
