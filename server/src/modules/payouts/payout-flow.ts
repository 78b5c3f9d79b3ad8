import type { Db } from '../../db/db';
import { connectorFor } from '../../connectors/connector';
import { gatewayRoute } from '../payins/payin-flow';
import { setPayoutReference } from './payouts.queries';
import { changePayouts } from './payouts.service';

/**
 * Sends a pay-out in `processing` to its gateway (outside any transaction). A gateway that
 * refuses fails it, which voids its reservation; the result otherwise arrives as a callback.
 */
export async function sendPayoutToGateway(db: Db, payoutId: string): Promise<void> {
  const { rows } = await db.query<{
    gateway_id: string | null;
    amount: bigint;
    currency: string;
    status: string;
  }>('SELECT gateway_id, amount, currency, status FROM payouts WHERE id = $1', [payoutId]);
  const p = rows[0];
  if (!p || !p.gateway_id || p.status !== 'processing') return;
  const route = await gatewayRoute(db, p.gateway_id);
  try {
    const { reference } = await connectorFor(db, route.connector).startPayout({
      refId: payoutId,
      gatewayCode: route.code,
      amount: p.amount,
      currency: p.currency,
    });
    await setPayoutReference(db, payoutId, reference);
  } catch {
    await db.transaction((tx) =>
      changePayouts(tx, [{ id: payoutId, status: 'failed', at: new Date() }]),
    );
  }
}
