import { DISPUTE_REASON_CODES } from '@bo/contract';
import type { GatewayCallback } from '../../connectors/connector';
import { drawPpm } from '../../connectors/sandbox/sandbox-gateway';
import type { Db } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { DEFAULT_RESPOND_HOURS, simulateDisputeOn } from './dispute-flow';
import { findPayinGateway } from './disputes.queries';

/** Applies a verified gateway callback once, answering its outcome (`submitGatewayCallback`). */
type CallbackSink<E extends GatewayCallback> = (db: Db, event: E) => Promise<string>;

/** Where a dispute the sandbox could not open is told (the server log). */
interface WarnLog {
  warn(details: object, message: string): void;
}

/** The sandbox's own record of what it did: the admin log names no admin. */
const SANDBOX_ORIGIN = { clientIp: '', userAgent: 'sandbox-dispute-rate', requestId: '' };

/**
 * Whether the sandbox disputes a successful pay-in at `rate` (0..1): a stable draw from its id,
 * so the same pay-in is judged alike whatever delivers its callback.
 */
export const isDisputeDrawn = (payinId: string, rate: number) =>
  drawPpm(`${payinId}:dispute`) < Math.round(rate * 1_000_000);

/**
 * Opens a dispute on a pay-in as the sandbox's payer's bank, for all of it, with a reason code
 * drawn from its id and the default time to answer: the path an admin's `simulateDispute`
 * takes (`simulateDisputeOn`), recorded in the admin log as the sandbox's.
 */
async function openSandboxDispute(db: Db, payinId: string) {
  const payin = await findPayinGateway(db, payinId);
  if (!payin) return;
  const reasonCode =
    DISPUTE_REASON_CODES[drawPpm(`${payinId}:reason`) % DISPUTE_REASON_CODES.length]!;
  await simulateDisputeOn(
    db,
    {
      payin,
      amount: null,
      reasonCode,
      respondBy: new Date(Date.now() + DEFAULT_RESPOND_HOURS * 3_600_000),
      createdBy: null,
    },
    (tx, d) =>
      recordAdminLog(tx, SANDBOX_ORIGIN, {
        action: 'dispute.simulate',
        actor: null,
        actorLabel: 'sandbox',
        targetType: 'dispute',
        targetId: d.id,
        at: d.created_at,
        after: { payin_id: d.payin_id, status: d.status, reason_code: d.reason_code },
      }),
  );
}

/**
 * `SANDBOX_AUTO_PAY`'s disputes (`SANDBOX_DISPUTE_RATE`): wraps the callback sink so that, once
 * a pay-in's success is applied (not a redelivery), the share `rate` of them is disputed by the
 * sandbox, as a payer's bank would. The callback's answer is not held back by a dispute it could
 * not open (a refund took the pay-in meanwhile): that is logged and the callback stands.
 */
export function withSandboxDisputes<E extends GatewayCallback>(
  apply: CallbackSink<E>,
  rate: number,
  log: WarnLog,
): CallbackSink<E> {
  return async (db, event) => {
    const outcome = await apply(db, event);
    if (
      outcome === 'applied' &&
      event.kind === 'payin' &&
      event.status === 'success' &&
      isDisputeDrawn(event.refId, rate)
    )
      await openSandboxDispute(db, event.refId).catch((err: unknown) =>
        log.warn({ err, payinId: event.refId }, 'the sandbox could not dispute a pay-in'),
      );
    return outcome;
  };
}
