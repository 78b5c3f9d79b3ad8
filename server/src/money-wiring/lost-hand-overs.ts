import type { Db } from '../db/db';
import { connectorFor } from '../connectors/connector';
import { applyGatewayCallback } from '../modules/gateway-callbacks/gateway-events';
import { gatewayRoute } from '../modules/gateways/gateways.service';

/**
 * How long a claimed hand-over may go without its gateway's reference before the gateway is
 * asked about it: far longer than any hand-over takes (a connector's call is cut well before).
 */
export const LOST_HAND_OVER_AFTER_SECONDS = 120;
const LOST_PER_ROUND = 20;

const TABLES = { payout: 'payouts', refund: 'refunds' } as const;

/**
 * Pay-outs and refunds whose hand-over was claimed (`handing_over_at`) but whose gateway
 * reference was never recorded: the server stopped, or lost its database, between the claim
 * and the gateway's answer (issue 45: the chaos run's primary kills and instance kills left
 * such rows in `processing` for good). Once LOST_HAND_OVER_AFTER_SECONDS old, at most 20 a
 * round, each is asked of its gateway by our id (`queryStatus`, as "query gateway" asks) and a
 * final answer is applied as its callback would be (`applyGatewayCallback`, under an event id
 * of its own, so asking twice applies once): a gateway that never received it says `failed`
 * (the reservation is voided and the merchant told), one that paid it says `success`. No
 * answer, or `pending`, asks again as long after. It is never handed over again: the gateway
 * may hold it. Answers how many got a final answer.
 */
export async function askAboutLostHandOvers(
  db: Db,
  kind: keyof typeof TABLES,
  olderThanSeconds = LOST_HAND_OVER_AFTER_SECONDS,
): Promise<number> {
  const { rows } = await db.query<{ id: string; gateway_id: string }>(
    `SELECT id, gateway_id FROM ${TABLES[kind]}
      WHERE status = 'processing' AND gateway_reference = '' AND handing_over_at IS NOT NULL
        AND handing_over_at < now() - make_interval(secs => $1)
      ORDER BY handing_over_at LIMIT ${LOST_PER_ROUND}`,
    [olderThanSeconds],
  );
  let answered = 0;
  // A row whose asking fails (our database, a moment) is asked again next round; the others
  // are not held up by it, and the first failure is thrown once they were asked.
  let failure: unknown = null;
  for (const row of rows) {
    await askAbout(db, kind, row).then(
      (final) => (answered += final ? 1 : 0),
      (error: unknown) => (failure ??= error),
    );
  }
  if (failure) throw failure;
  return answered;
}

/** Asks one row's gateway; applies a final answer, or asks again later. Answers whether final. */
async function askAbout(
  db: Db,
  kind: keyof typeof TABLES,
  row: { id: string; gateway_id: string },
): Promise<boolean> {
  const route = await gatewayRoute(db, row.gateway_id);
  const outcome = await connectorFor(db, route.connector)
    .queryStatus(kind, row.id)
    .catch(() => 'pending' as const);
  if (outcome === 'pending') {
    // Not every second: its claim's time moves on, so it is asked again after as long.
    await db.query(
      `UPDATE ${TABLES[kind]} SET handing_over_at = now()
        WHERE id = $1 AND status = 'processing' AND gateway_reference = ''`,
      [row.id],
    );
    return false;
  }
  await applyGatewayCallback(db, {
    eventId: `lost-hand-over:${kind}:${row.id}`,
    gatewayCode: route.code,
    kind,
    refId: row.id,
    status: outcome,
  });
  return true;
}
