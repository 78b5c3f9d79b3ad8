/**
 * The health figures of gateways, read from their pay-ins (by gateway and creation time:
 * `payins_gateway_created_idx`, open ones: `payins_pending_created_idx`) and their callbacks
 * (`gateway_events_gateway_received_idx`), each bounded by its window.
 */
import { PAYIN_KIND, type MoneyKindDef } from '@bo/contract';
import type { Queryable } from '../../db/db';

export interface HealthGateway {
  id: string;
  payment_gateway_name: string;
  payment_gateway_code: string;
  currency: string;
  status: 'activated' | 'inactive';
}

/** Every gateway (in one currency when given), by currency and name. */
export async function findHealthGateways(db: Queryable, currency: string | null) {
  const { rows } = await db.query<HealthGateway>(
    `SELECT id, payment_gateway_name, payment_gateway_code, currency, status
       FROM payment_gateways WHERE ($1::text IS NULL OR currency = $1)
      ORDER BY currency, payment_gateway_name, id`,
    [currency],
  );
  return rows;
}

export interface OutcomeCounts {
  gateway_id: string;
  status: string;
  /** Count per window, in the order of the `since` instants given. */
  counts: number[];
}

/**
 * Pay-ins per gateway and status created in each window (`since[i]` to `until`); `since` is
 * sorted newest first, so the last is the widest and bounds the index range.
 */
export async function findOutcomeCounts(
  db: Queryable,
  gatewayIds: readonly string[],
  since: readonly Date[],
  until: Date,
): Promise<OutcomeCounts[]> {
  if (!gatewayIds.length || !since.length) return [];
  const filters = since
    .map((_, i) => `count(*) FILTER (WHERE created_at >= $${i + 3})::int AS n${i}`)
    .join(', ');
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT gateway_id, status, ${filters}
       FROM payins
      WHERE gateway_id = ANY($1::uuid[]) AND created_at <= $2 AND created_at >= $${since.length + 2}
      GROUP BY gateway_id, status`,
    [gatewayIds, until.toISOString(), ...since.map((d) => d.toISOString())],
  );
  return rows.map((r) => ({
    gateway_id: r.gateway_id as string,
    status: r.status as string,
    counts: since.map((_, i) => Number(r[`n${i}`])),
  }));
}

/** A kind whose payments a gateway finishes, as hourly outcomes read them: its table and rule. */
export interface JudgedTable {
  readonly table: 'payins' | 'payouts';
  readonly kind: MoneyKindDef & {
    readonly gatewayJudged: NonNullable<MoneyKindDef['gatewayJudged']>;
  };
}

const PAYINS_JUDGED: JudgedTable = { table: 'payins', kind: PAYIN_KIND };

/**
 * Payments of a kind (pay-ins unless said) per gateway and hour (hours since the epoch) created
 * from `since` to `until`: those their gateway finished, successful or not (the kind's
 * `gatewayJudged` rule).
 */
export async function findHourlyOutcomes(
  db: Queryable,
  gatewayIds: readonly string[],
  since: Date,
  until: Date,
  of: JudgedTable = PAYINS_JUDGED,
) {
  if (!gatewayIds.length) return [];
  const { rows } = await db.query<{
    gateway_id: string;
    hour: number;
    success: number;
    unsuccessful: number;
  }>(
    `SELECT gateway_id, floor(extract(epoch FROM created_at) / 3600)::int AS hour,
            count(*) FILTER (WHERE status = ANY($4::text[]))::int AS success,
            count(*) FILTER (WHERE status = ANY($5::text[]))::int AS unsuccessful
       FROM ${of.table}
      WHERE gateway_id = ANY($1::uuid[]) AND created_at >= $2 AND created_at <= $3
      GROUP BY 1, 2`,
    [
      gatewayIds,
      since.toISOString(),
      until.toISOString(),
      of.kind.gatewayJudged.success,
      of.kind.gatewayJudged.unsuccessful,
    ],
  );
  return rows;
}

/** Open pay-ins per gateway: how many and since when the oldest waits. */
export async function findPendingPayins(db: Queryable, gatewayIds: readonly string[]) {
  if (!gatewayIds.length) return [];
  const { rows } = await db.query<{ gateway_id: string; pending: number; oldest: Date }>(
    `SELECT gateway_id, count(*)::int AS pending, min(created_at) AS oldest
       FROM payins WHERE gateway_id = ANY($1::uuid[]) AND status IN ('created', 'processing')
      GROUP BY gateway_id`,
    [gatewayIds],
  );
  return rows;
}

/** The newest success (completion instant) of pay-ins created from `since`, per gateway. */
export async function findLastSuccesses(db: Queryable, gatewayIds: readonly string[], since: Date) {
  if (!gatewayIds.length) return [];
  const { rows } = await db.query<{ gateway_id: string; at: Date }>(
    `SELECT gateway_id, max(completed_at) AS at
       FROM payins WHERE gateway_id = ANY($1::uuid[]) AND created_at >= $2 AND status = 'success'
      GROUP BY gateway_id`,
    [gatewayIds, since.toISOString()],
  );
  return rows;
}

/** The last callback each gateway sent (any outcome), read backwards from its newest. */
export async function findLastCallbacks(db: Queryable, gatewayIds: readonly string[]) {
  if (!gatewayIds.length) return [];
  const { rows } = await db.query<{ gateway_id: string; at: Date }>(
    `SELECT g.id AS gateway_id, last.received_at AS at
       FROM unnest($1::uuid[]) AS g (id)
       CROSS JOIN LATERAL (SELECT received_at FROM gateway_events e WHERE e.gateway_id = g.id
                            ORDER BY received_at DESC LIMIT 1) last`,
    [gatewayIds],
  );
  return rows;
}

/**
 * Per gateway over callbacks received from `since`: the pay-in callback latency (from the
 * pay-in's creation to its first applied callback, whole milliseconds) at p50 and p95
 * (`percentile_disc`: a measured value), its sample count, and the callbacks not applied.
 */
export async function findCallbackFigures(
  db: Queryable,
  gatewayIds: readonly string[],
  since: Date,
) {
  if (!gatewayIds.length) return [];
  const { rows } = await db.query<{
    gateway_id: string;
    p50: number | null;
    p95: number | null;
    samples: number;
    ignored: number;
  }>(
    `WITH recent AS (
       SELECT e.gateway_id, e.ref_id, e.outcome, e.received_at
         FROM gateway_events e
        WHERE e.gateway_id = ANY($1::uuid[]) AND e.received_at >= $2),
     latency AS (
       SELECT r.gateway_id,
              floor(extract(epoch FROM (min(date_trunc('milliseconds', r.received_at))
                - date_trunc('milliseconds', p.created_at))) * 1000)::int AS ms
         FROM recent r JOIN payins p ON p.id = r.ref_id
        WHERE r.outcome = 'applied'
        GROUP BY r.gateway_id, p.id, p.created_at)
     SELECT g.id AS gateway_id,
            (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) FROM latency l
              WHERE l.gateway_id = g.id) AS p50,
            (SELECT percentile_disc(0.95) WITHIN GROUP (ORDER BY ms) FROM latency l
              WHERE l.gateway_id = g.id) AS p95,
            (SELECT count(*)::int FROM latency l WHERE l.gateway_id = g.id) AS samples,
            (SELECT count(*)::int FROM recent r WHERE r.gateway_id = g.id
              AND r.outcome <> 'applied') AS ignored
       FROM unnest($1::uuid[]) AS g (id)`,
    [gatewayIds, since.toISOString()],
  );
  return rows;
}
