import type { Db } from '../../db/db';
import { subjectOfKind } from '../approvals/approval-subjects';
import { resumeUnsent, sendToGateway, type GatewaySend } from '../money-flow/gateway-send';
import { changeRefunds } from './refunds.service';

/** A refund's hand-over, to its pay-in's gateway: the connector's `startRefund`. */
const REFUND_SEND: GatewaySend = {
  subject: subjectOfKind('refund'),
  start: (connector, req) => connector.startRefund(req),
  reject: async (tx, id, _reason, at) =>
    (await changeRefunds(tx, [{ id, status: 'rejected', at }]))[0]?.applied ?? false,
};

/**
 * Sends a refund in `processing` to its pay-in's gateway (outside any transaction;
 * `sendToGateway`). A gateway that refuses it rejects it: its reservation is voided and the
 * merchant told. The result otherwise arrives as a callback (or through "query gateway").
 */
export const sendRefundToGateway = (db: Db, refundId: string): Promise<void> =>
  sendToGateway(db, REFUND_SEND, refundId);

/** Hands over the refunds a stopped server left in `processing` unsent (`resumeUnsent`). */
export const resumeUnsentRefunds = (db: Db, olderThanSeconds?: number): Promise<number> =>
  resumeUnsent(db, REFUND_SEND, olderThanSeconds);
