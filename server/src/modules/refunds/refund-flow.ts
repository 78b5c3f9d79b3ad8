import type { Db } from '../../db/db';
import { connectorFor } from '../../connectors/connector';
import { saveRejection } from '../approvals/approvals.service';
import { subjectOfKind } from '../approvals/approval-subjects';
import { gatewayRoute } from '../payins/payin-flow';
import { setRefundReference } from './refunds.queries';
import { changeRefunds } from './refunds.service';

/** The (system) reject reason of a refund its gateway refused when it was handed over. */
export const REFUND_GATEWAY_REJECTED = 'gateway_rejected';

/**
 * Sends a refund in `processing` to its pay-in's gateway (outside any transaction). A gateway
 * that refuses it rejects it: its reservation is voided and the merchant told. The result
 * otherwise arrives as a callback (or through "query gateway").
 */
export async function sendRefundToGateway(db: Db, refundId: string): Promise<void> {
  const { rows } = await db.query<{
    gateway_id: string;
    amount: bigint;
    currency: string;
    status: string;
  }>('SELECT gateway_id, amount, currency, status FROM refunds WHERE id = $1', [refundId]);
  const r = rows[0];
  if (!r || r.status !== 'processing') return;
  const route = await gatewayRoute(db, r.gateway_id);
  try {
    const { reference } = await connectorFor(db, route.connector).startRefund({
      refId: refundId,
      gatewayCode: route.code,
      amount: r.amount,
      currency: r.currency,
    });
    await setRefundReference(db, refundId, reference);
  } catch (error) {
    const note = (
      error instanceof Error && error.message ? error.message : 'Refused by the payment gateway'
    ).slice(0, 500);
    await db.transaction(async (tx) => {
      const [result] = await changeRefunds(tx, [
        { id: refundId, status: 'rejected', at: new Date() },
      ]);
      if (result?.applied)
        await saveRejection(tx, subjectOfKind('refund'), refundId, {
          reasonCode: REFUND_GATEWAY_REJECTED,
          note,
        });
    });
  }
}
