import type { Db } from '../../db/db';
import { PAYOUT_SUBJECT } from '../approvals/approval-subjects';
import { resumeUnsent, sendToGateway, type GatewaySend } from '../money-flow/gateway-send';
import { repointPayoutAfterRefusal } from './payout-fallback';
import { changePayouts } from './payouts.service';

/** A pay-out's hand-over: the connector's `startPayout`; a refusal's words go to the merchant. */
const PAYOUT_SEND: GatewaySend = {
  subject: PAYOUT_SUBJECT,
  start: (connector, req) => connector.startPayout(req),
  fallback: repointPayoutAfterRefusal,
  reject: async (tx, id, reason, at) =>
    (await changePayouts(tx, [{ id, status: 'rejected', at, reason }]))[0]?.applied ?? false,
};

/**
 * Sends a pay-out in `processing` to its gateway (outside any transaction; `sendToGateway`).
 * When a routing profile sent it there and the gateway refuses it, the next gateway routing
 * picks that can pay it is asked (`repointPayoutAfterRefusal`). A refusal with no fallback
 * rejects it: its reservation is voided, the reason `gateway_rejected`
 * with the gateway's words is kept on the row and told to the merchant.
 */
export const sendPayoutToGateway = (db: Db, payoutId: string): Promise<void> =>
  sendToGateway(db, PAYOUT_SEND, payoutId);

/** Hands over the pay-outs a stopped server left in `processing` unsent (`resumeUnsent`). */
export const resumeUnsentPayouts = (db: Db, olderThanSeconds?: number): Promise<number> =>
  resumeUnsent(db, PAYOUT_SEND, olderThanSeconds);
