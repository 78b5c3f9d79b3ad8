import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { runWrites, type Writes } from '../../db/writes';
import { jsonOf } from '../../ledger/postings';

/** A result to send to a merchant's notify URL. */
export interface NotificationDraft {
  merchantId: string;
  refType: 'payin' | 'payout';
  refId: string;
  url: string;
  payload: Record<string, unknown>;
  at: Date;
}

/** Queues notifications in the caller's transaction, so one exists exactly when the result does. */
export async function enqueueNotifications(tx: Queryable, drafts: readonly NotificationDraft[]) {
  await runWrites(tx, [notificationWrites(drafts)]);
}

/** The writes queueing the notifications of drafts with a notify URL; null when none has one. */
export function notificationWrites(drafts: readonly NotificationDraft[]): Writes | null {
  const due = drafts.filter((d) => d.url);
  if (!due.length) return null;
  return {
    statements: [
      `INSERT INTO merchant_notifications (id, merchant_account_id, ref_type, ref_id, url, payload, next_attempt_at, created_at)
     SELECT i, m, t, r, u, p, a, a FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::jsonb[], $7::timestamptz[])
       AS x(i, m, t, r, u, p, a)`,
    ],
    params: [
      due.map(() => randomUUID()),
      due.map((d) => d.merchantId),
      due.map((d) => d.refType),
      due.map((d) => d.refId),
      due.map((d) => d.url),
      due.map((d) => jsonOf(d.payload)),
      due.map((d) => d.at.toISOString()),
    ],
  };
}

export interface DueNotification {
  id: string;
  merchant_account_id: string;
  url: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Claims due notifications (skipping those another worker holds) and pushes their next try back. */
export async function claimDueNotifications(
  tx: Queryable,
  now: Date,
  limit: number,
): Promise<DueNotification[]> {
  const { rows } = await tx.query<DueNotification>(
    `UPDATE merchant_notifications n SET attempts = n.attempts + 1,
            next_attempt_at = $1::timestamptz + make_interval(secs => least(3600, 2 ^ n.attempts * 5))
      WHERE n.id IN (SELECT id FROM merchant_notifications WHERE status = 'pending' AND next_attempt_at <= $1
                      ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING n.id, n.merchant_account_id, n.url, n.payload, n.attempts`,
    [now.toISOString(), limit],
  );
  return rows;
}

/** Records one delivery attempt; a 2xx marks the notification delivered, too many tries abandon it. */
export async function recordAttempt(
  db: Queryable,
  n: DueNotification,
  result: { httpStatus: number | null; error: string },
  maxAttempts: number,
) {
  const delivered =
    result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;
  await db.query(
    `INSERT INTO merchant_notification_attempts (notification_id, attempt, http_status, error) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [n.id, n.attempts, result.httpStatus, result.error.slice(0, 500)],
  );
  if (delivered) {
    await db.query(
      `UPDATE merchant_notifications SET status = 'delivered', delivered_at = now() WHERE id = $1`,
      [n.id],
    );
  } else if (n.attempts >= maxAttempts) {
    await db.query(`UPDATE merchant_notifications SET status = 'abandoned' WHERE id = $1`, [n.id]);
  }
}

/** A notification sent (or being sent) about one pay-in or pay-out. */
export interface SentNotification {
  id: string;
  merchant_account_id: string;
  ref_type: 'payin' | 'payout';
  url: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'abandoned';
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  delivered_at: Date | null;
}

/** The notifications about `refId`, oldest first. */
export async function findNotificationsOf(
  db: Queryable,
  refId: string,
): Promise<SentNotification[]> {
  const { rows } = await db.query<SentNotification>(
    `SELECT id, merchant_account_id, ref_type, url, payload, status, attempts, next_attempt_at,
            created_at, delivered_at
       FROM merchant_notifications WHERE ref_id = $1 ORDER BY created_at, id`,
    [refId],
  );
  return rows;
}

/** One delivery attempt of a notification: when, and the HTTP status answered (null: none). */
export interface NotificationAttempt {
  notification_id: string;
  attempt: number;
  attempted_at: Date;
  http_status: number | null;
  error: string;
}

/** The delivery attempts of the given notifications, in order. */
export async function findAttemptsOf(
  db: Queryable,
  notificationIds: readonly string[],
): Promise<NotificationAttempt[]> {
  if (!notificationIds.length) return [];
  const { rows } = await db.query<NotificationAttempt>(
    `SELECT notification_id, attempt, attempted_at, http_status, error
       FROM merchant_notification_attempts WHERE notification_id = ANY($1::uuid[])
      ORDER BY notification_id, attempt`,
    [notificationIds],
  );
  return rows;
}
