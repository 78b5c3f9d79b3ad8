import type { Db } from '../../db/db';
import { connectorFor } from '../../connectors/connector';
import { PAYOUT_SUBJECT } from '../approvals/approval-subjects';
import { saveRejection } from '../approvals/approvals.service';
import { gatewayRoute } from '../payins/payin-flow';
import { setPayoutReference } from './payouts.queries';
import { changePayouts } from './payouts.service';

/** The (system) reject reason of a pay-out its gateway refused when it was handed over. */
export const GATEWAY_REJECTED = 'gateway_rejected';

/** The gateway's words, short enough for the row and the merchant's notification. */
const refusalText = (error: unknown) =>
  (error instanceof Error && error.message
    ? error.message
    : 'Refused by the payment gateway'
  ).slice(0, 500);

/**
 * Sends a pay-out in `processing` to its gateway (outside any transaction). A gateway that
 * refuses it rejects it (no transfer was tried): its reservation is voided, the reason
 * `gateway_rejected` with the gateway's words is kept on the row and told to the merchant.
 * The result otherwise arrives as a callback.
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
  } catch (error) {
    const reason = { code: GATEWAY_REJECTED, text: refusalText(error) };
    await db.transaction(async (tx) => {
      const [result] = await changePayouts(tx, [
        { id: payoutId, status: 'rejected', at: new Date(), reason },
      ]);
      if (result?.applied)
        await saveRejection(tx, PAYOUT_SUBJECT, payoutId, {
          reasonCode: reason.code,
          note: reason.text,
        });
    });
  }
}
