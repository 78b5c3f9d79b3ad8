import type { RoutingDirection, RoutingSkippedWhy, TimelineRouting } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Writes } from '../../db/writes';
import type { RouteDecision } from './routing-decide';

/**
 * A routed payment: its id, owner, the gateway it went to, its time and the decision that
 * sent it there (its gateway when it chose one; pricing's default when it could not).
 */
export interface RoutedItem {
  readonly id: string;
  readonly merchantId: string;
  readonly gatewayId: string | null;
  readonly at: Date;
  readonly route: RouteDecision | null;
}

/**
 * Keeps each routing decision with its payment (`routing_decisions`), in the statement that
 * creates the payments; nothing for payments no profile routed. The reasons and candidates of
 * the batch travel as one JSON array (a pair per payment, joined by position): as `jsonb[]`
 * every quote in them was escaped into an array literal, which cost more than the decision.
 */
export function routingDecisionWrites(
  kind: RoutingDirection,
  items: readonly RoutedItem[],
): Writes | null {
  const routed = items.filter((i) => i.route && i.gatewayId);
  if (!routed.length) return null;
  return {
    statements: [
      `INSERT INTO routing_decisions
         (ref_id, merchant_account_id, gateway_id, profile_id, profile_version, by_fallback, at, kind, reasons, candidates)
       SELECT u.ref_id, u.merchant_account_id, u.gateway_id, u.profile_id, u.profile_version, u.by_fallback, u.at,
              $2::text, d.pair -> 0, d.pair -> 1
         FROM unnest($1::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::int[], $7::bool[], $8::timestamptz[])
              WITH ORDINALITY AS u (ref_id, merchant_account_id, gateway_id, profile_id, profile_version, by_fallback, at, n)
         JOIN jsonb_array_elements($9::jsonb) WITH ORDINALITY AS d (pair, n) ON d.n = u.n`,
    ],
    params: [
      routed.map((i) => i.id),
      kind,
      routed.map((i) => i.merchantId),
      routed.map((i) => i.gatewayId),
      routed.map((i) => i.route!.profileId),
      routed.map((i) => i.route!.profileVersion),
      routed.map((i) => i.route!.byFallback),
      routed.map((i) => i.at.toISOString()),
      JSON.stringify(routed.map((i) => [i.route!.reasons, i.route!.candidates])),
    ],
  };
}

/**
 * A payment's decision taken again after its gateway refused it at hand-over (issue 43,
 * "fallback"): the new decision, which names the gateways that refused (`skipped`, why
 * `refused`, first), kept in place of the old one and marked a fallback.
 */
export function redecidedWrites(refId: string, route: RouteDecision): Writes {
  return {
    statements: [
      `UPDATE routing_decisions
          SET gateway_id = $2, profile_id = $3, profile_version = $4, by_fallback = true,
              reasons = $5::jsonb, candidates = $6::jsonb
        WHERE ref_id = $1`,
    ],
    params: [
      refId,
      route.gatewayId,
      route.profileId,
      route.profileVersion,
      JSON.stringify(route.reasons),
      JSON.stringify(route.candidates),
    ],
  };
}

/** The gateways that refused a payment at hand-over so far, by code (its decision's reasons). */
export async function findRefusedGateways(db: Queryable, refId: string): Promise<string[] | null> {
  const { rows } = await db.query<{ reasons: { key: string; values: Record<string, string> }[] }>(
    'SELECT reasons FROM routing_decisions WHERE ref_id = $1',
    [refId],
  );
  if (!rows[0]) return null;
  return rows[0].reasons
    .filter((r) => r.key === 'skipped' && r.values.why === ('refused' satisfies RoutingSkippedWhy))
    .map((r) => r.values.gateway!);
}

/**
 * Where routing sent one payment and why, as its timeline shows it to an admin (the chosen
 * gateway by code); null when no profile routed it.
 */
export async function findRoutingDecision(
  db: Queryable,
  refId: string,
): Promise<(TimelineRouting & { at: Date }) | null> {
  const { rows } = await db.query<{
    gateway: string;
    profile_version: number;
    by_fallback: boolean;
    reasons: TimelineRouting['reasons'];
    candidates: TimelineRouting['candidates'];
    at: Date;
  }>(
    `SELECT g.payment_gateway_code AS gateway, d.profile_version, d.by_fallback, d.reasons, d.candidates, d.at
       FROM routing_decisions d JOIN payment_gateways g ON g.id = d.gateway_id
      WHERE d.ref_id = $1::uuid`,
    [refId],
  );
  return rows[0] ?? null;
}

/** The decisions a profile (or routing unable to decide: no profile) made in a window. */
export interface DecisionsByProfile {
  readonly direction: RoutingDirection;
  readonly currency: string;
  readonly scope: 'platform' | 'reseller' | 'merchant' | null;
  readonly account_code: string;
  readonly version: number | null;
  readonly decisions: number;
  readonly by_fallback: number;
}

/**
 * How many payments each profile version routed from `since` to `until`, and how many of them
 * by fallback, per direction and currency (the gateway's); `currency` narrows it. Read through
 * `routing_decisions_at_brin` (the decisions are written in time order).
 */
export async function findDecisionsByProfile(
  db: Queryable,
  since: Date,
  until: Date,
  currency: string | null,
): Promise<DecisionsByProfile[]> {
  const { rows } = await db.query<DecisionsByProfile>(
    `SELECT d.kind AS direction, g.currency, p.scope, coalesce(a.account_db_code, '') AS account_code,
            d.profile_version AS version, count(*)::int AS decisions,
            count(*) FILTER (WHERE d.by_fallback)::int AS by_fallback
       FROM routing_decisions d
       JOIN payment_gateways g ON g.id = d.gateway_id
       LEFT JOIN routing_profiles p ON p.id = d.profile_id
       LEFT JOIN accounts a ON a.id = p.account_id
      WHERE d.at >= $1 AND d.at <= $2 AND ($3::text IS NULL OR g.currency = $3)
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 6 DESC`,
    [since.toISOString(), until.toISOString(), currency],
  );
  return rows;
}
