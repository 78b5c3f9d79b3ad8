import type { Db, Queryable } from '../../db/db';
import { connectorFor, type PaymentConnector, type StartRequest } from '../../connectors/connector';
import type { ApprovalSubject } from '../approvals/approval-subjects';
import { saveRejection } from '../approvals/approvals.service';
import { gatewayRoute } from '../gateways/gateways.service';
import { FALLBACKS_AT_HAND_OVER } from '../routing/hand-over-fallback';

/** The (system) reject reason of money its gateway refused when it was handed over. */
export const GATEWAY_REJECTED = 'gateway_rejected';

/** Why a gateway refused a hand-over: the reason code and the gateway's words. */
export interface GatewayRefusal {
  readonly code: string;
  readonly text: string;
}

/** What differs between the kinds a gateway sends out (a pay-out, a refund). */
export interface GatewaySend {
  /** The kind's approval subject: its table, where the refusal is kept. */
  readonly subject: ApprovalSubject;
  /** The connector's call handing one over; answers the gateway's reference. */
  readonly start: (
    connector: PaymentConnector,
    req: StartRequest,
  ) => Promise<{ reference: string }>;
  /**
   * The fallback at hand-over, for a kind that has one: moves the row from `refusedBy`, the
   * gateway that has just refused it, to another that will be asked next; answers whether it
   * moved (false: it is rejected).
   */
  readonly fallback?: (db: Db, id: string, refusedBy: string) => Promise<boolean>;
  /** Rejects it in the caller's transaction; answers whether its lifecycle allowed that. */
  readonly reject: (
    tx: Queryable,
    id: string,
    refusal: GatewayRefusal,
    at: Date,
  ) => Promise<boolean>;
}

/** The gateway's words, short enough for the row and the merchant's notification. */
const refusalText = (error: unknown) =>
  (error instanceof Error && error.message
    ? error.message
    : 'Refused by the payment gateway'
  ).slice(0, 500);

/**
 * Sends a row of `send`'s kind in `processing` to its gateway (outside any transaction) and
 * records the gateway's reference. When the gateway refuses it and the kind has a fallback at
 * hand-over that moves it on (`send.fallback`, at most `FALLBACKS_AT_HAND_OVER` times), the
 * next gateway is asked. A refusal with no fallback rejects it (no transfer was tried):
 * `send.reject` voids its reservation and tells the merchant, and the reason `gateway_rejected`
 * with the gateway's words is kept on the row. The result otherwise arrives as a callback (or
 * through "query gateway").
 */
export async function sendToGateway(db: Db, send: GatewaySend, id: string): Promise<void> {
  for (let fallbacks = 0; ; fallbacks++) {
    const refusal = await handOver(db, send, id);
    if (!refusal) return;
    const movedOn =
      fallbacks < FALLBACKS_AT_HAND_OVER &&
      (await send.fallback?.(db, id, refusal.gatewayId).catch(() => false));
    if (movedOn) continue;
    await db.transaction(async (tx) => {
      if (!(await stillRefusedBy(tx, send.subject.table, id, refusal.gatewayId))) return;
      if (await send.reject(tx, id, refusal, new Date()))
        await saveRejection(tx, send.subject, id, {
          reasonCode: refusal.code,
          note: refusal.text,
        });
    });
    return;
  }
}

/**
 * Locks the row and answers whether it still waits, unsent and unclaimed, at the gateway that
 * refused it: only then may the refusal reject it. Another hand-over of the same row (a
 * merchant's retry, the resumption sweep) that claimed it after the refusal, moved it to
 * another gateway or handed it over is not undone by this one's refusal.
 */
async function stillRefusedBy(tx: Queryable, table: string, id: string, gatewayId: string) {
  const { rows } = await tx.query(
    `SELECT 1 FROM ${table}
      WHERE id = $1 AND gateway_id = $2 AND status = 'processing'
        AND gateway_reference = '' AND handing_over_at IS NULL
      FOR UPDATE`,
    [id, gatewayId],
  );
  return rows.length > 0;
}

/** How old an unsent row must be before the sweep hands it over: its own hand-over is long done. */
export const UNSENT_AFTER_SECONDS = 30;
const UNSENT_PER_ROUND = 50;

/**
 * Hands over the rows of `send`'s kind left in `processing` without ever being claimed for a
 * hand-over (a server that stopped between the commit that moved one there and its hand-over:
 * issue 45), oldest first, at most 50 a round, once they are `UNSENT_AFTER_SECONDS` old. Each
 * goes through `sendToGateway`, whose claim keeps it from being sent twice should its own
 * hand-over run at the same moment. A row claimed by a server that stopped mid-hand-over is
 * left to its callback or "query gateway": the gateway may have it. Answers how many it tried.
 */
export async function resumeUnsent(
  db: Db,
  send: GatewaySend,
  olderThanSeconds = UNSENT_AFTER_SECONDS,
): Promise<number> {
  const { table } = send.subject;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${table}
      WHERE status = 'processing' AND gateway_reference = '' AND handing_over_at IS NULL
        AND gateway_id IS NOT NULL AND created_at < $1
      ORDER BY created_at LIMIT ${UNSENT_PER_ROUND}`,
    // The server's clock, as `created_at` is written with it (not the database's `now()`).
    [new Date(Date.now() - olderThanSeconds * 1000)],
  );
  // A row whose hand-over fails (our database, a moment) is tried again next round; the others
  // are not held up by it, and the first failure is thrown once they were tried.
  let failure: unknown = null;
  for (const { id } of rows)
    await sendToGateway(db, send, id).catch((error: unknown) => (failure ??= error));
  if (failure) throw failure;
  return rows.length;
}

/**
 * Hands a row of `send`'s kind in `processing` to its gateway and records the gateway's
 * reference. Answers the gateway's refusal (with the gateway that refused), or null: handed
 * over, or nothing to hand (not in `processing`, no gateway, handed over already, or being
 * handed over by another call right now). The row is claimed first (`handing_over_at`), so a
 * merchant's retry answered from its idempotency key, or two calls at once, send it once; a
 * refusal clears the claim (the fallback may hand it to another gateway). Only the gateway's own
 * answer is a refusal: a failure to record its reference afterwards (our database) is thrown,
 * and the row stays claimed in `processing` for its callback or "query gateway", never rejected
 * or moved to another gateway while the first may be paying it.
 */
async function handOver(
  db: Db,
  send: GatewaySend,
  id: string,
): Promise<(GatewayRefusal & { gatewayId: string }) | null> {
  const { table } = send.subject;
  const { rows } = await db.query<{ gateway_id: string; amount: bigint; currency: string }>(
    `UPDATE ${table} SET handing_over_at = now()
      WHERE id = $1 AND status = 'processing' AND gateway_id IS NOT NULL
        AND gateway_reference = '' AND handing_over_at IS NULL
      RETURNING gateway_id, amount, currency`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const release = () => db.query(`UPDATE ${table} SET handing_over_at = NULL WHERE id = $1`, [id]);
  // Nothing was sent yet: a failure to read the gateway lets the claim go.
  const route = await gatewayRoute(db, row.gateway_id).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  let reference: string;
  try {
    ({ reference } = await send.start(connectorFor(db, route.connector), {
      refId: id,
      gatewayCode: route.code,
      amount: row.amount,
      currency: row.currency,
    }));
  } catch (error) {
    await release();
    return { code: GATEWAY_REJECTED, text: refusalText(error), gatewayId: row.gateway_id };
  }
  await db.query(`UPDATE ${table} SET gateway_reference = $2 WHERE id = $1`, [id, reference]);
  return null;
}
