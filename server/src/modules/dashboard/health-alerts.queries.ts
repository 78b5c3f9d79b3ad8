import type { Queryable } from '../../db/db';

/**
 * The open gateway health alerts (table of migration 0510, written by the gateway-health
 * module's evaluation), newest first, whatever currency the dashboard shows: they are urgent.
 */
export async function findOpenHealthAlerts(db: Queryable) {
  const { rows } = await db.query<{
    id: string;
    rule_name: string;
    kind: string;
    gateway_id: string;
    payment_gateway_name: string;
    currency: string;
    deactivated: boolean;
    raised_at: Date;
  }>(
    `SELECT a.id, a.rule_name, a.kind, a.gateway_id, g.payment_gateway_name, g.currency,
            a.deactivated, a.raised_at
       FROM gateway_health_alerts a JOIN payment_gateways g ON g.id = a.gateway_id
      WHERE a.resolved_at IS NULL
      ORDER BY a.raised_at DESC, a.id LIMIT 20`,
  );
  return rows.map((r) => ({ ...r, raised_at: r.raised_at.toISOString() }));
}
