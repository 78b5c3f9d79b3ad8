import { randomUUID } from 'node:crypto';
import type { NotifiedKind } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { runWrites, type Writes } from '../../db/writes';
import { jsonOf } from '../../ledger/postings';
import { claimDue, retryDelaySeconds, retryLaterOrAbandon } from '../../db/claim-queue';

/** A result to send to a merchant's notify URL. */
export interface NotificationDraft {
  merchantId: string;
  refType: NotifiedKind;
  refId: string;
  url: string;
  payload: Record<string, unknown>;
  at: Date;
}

/** Queues notifications in the caller's transaction, so one exists exactly when the result does. */
export async function enqueueNotifications(tx: Queryable, drafts: readonly NotificationDraft[]) {
  await runWrites(tx, [notificationWrites(drafts)]);
}

/**
 * What a notification reports: `payin.success`, `payout.failed`, …; a payload naming its own
 * `event` reports that (a dispute's `dispute.opened`, `dispute.updated`, `dispute.closed`).
 */
export const eventOf = (d: Pick<NotificationDraft, 'refType' | 'payload'>) =>
  typeof d.payload.event === 'string'
    ? d.payload.event
    : `${d.refType}.${String(d.payload.status ?? '')}`;

/**
 * A notification's event id, in its payload as `event_id`: what it reports and of what
 * (`payin.success:<id>`). Written once with the payload, so every redelivery and every resend
 * carries the same one, and receivers de-duplicate by it (issue 45).
 */
export const eventIdOf = (d: Pick<NotificationDraft, 'refType' | 'refId' | 'payload'>) =>
  `${eventOf(d)}:${d.refId}`;

/**
 * The writes queueing the notifications of drafts: each goes to its own notify URL or, when it
 * has none, to its merchant's default notify URL (`merchant_notify_settings`); a draft with
 * neither queues nothing. Each payload gains its `event_id`. Null when there are no drafts.
 */
export function notificationWrites(drafts: readonly NotificationDraft[]): Writes | null {
  if (!drafts.length) return null;
  return {
    statements: [
      `INSERT INTO merchant_notifications (id, merchant_account_id, ref_type, ref_id, url, payload, next_attempt_at, created_at, event)
     SELECT x.i, x.m, x.t, x.r, coalesce(nullif(x.u, ''), s.notify_url), x.p, x.a, x.a, x.e
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::jsonb[], $7::timestamptz[], $8::text[])
         AS x(i, m, t, r, u, p, a, e)
       LEFT JOIN merchant_notify_settings s ON s.merchant_account_id = x.m
      WHERE coalesce(nullif(x.u, ''), s.notify_url, '') <> ''`,
    ],
    params: [
      drafts.map(() => randomUUID()),
      drafts.map((d) => d.merchantId),
      drafts.map((d) => d.refType),
      drafts.map((d) => d.refId),
      drafts.map((d) => d.url),
      drafts.map((d) => jsonOf({ ...d.payload, event_id: eventIdOf(d) })),
      drafts.map((d) => d.at.toISOString()),
      drafts.map(eventOf),
    ],
  };
}

export interface DueNotification {
  id: string;
  merchant_account_id: string;
  url: string;
  payload: Record<string, unknown>;
  /** This attempt's number (the claim counted it). */
  attempts: number;
  claimed_at: Date;
}

/** Claims due notifications (skipping those another worker holds) and pushes their next try back. */
export function claimDueNotifications(
  tx: Queryable,
  now: Date,
  limit: number,
): Promise<DueNotification[]> {
  return claimDue<DueNotification>(
    tx,
    'merchant_notifications',
    ['merchant_account_id', 'url', 'payload'],
    now,
    limit,
  );
}

/** How much of an answer's body the log keeps. */
export const EXCERPT_CHARS = 500;

/** What one POST of a notification came back with (`httpStatus` null: no answer). */
export interface DeliveryOutcome {
  httpStatus: number | null;
  error: string;
  latencyMs: number;
  excerpt: string;
}

/** Whether an attempt's answer delivered the notification (any 2xx). */
export const isDelivered = (result: Pick<DeliveryOutcome, 'httpStatus'>) =>
  result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;

export { retryDelaySeconds };

/**
 * Records one delivery attempt: a 2xx marks the notification delivered; a failure sets its
 * next try (back-off) or, after too many tries, abandons it (`retryLaterOrAbandon`). Neither undoes a delivery another
 * sender recorded meanwhile.
 */
export async function recordAttempt(
  db: Queryable,
  n: DueNotification,
  result: DeliveryOutcome,
  maxAttempts: number,
) {
  await db.query(
    `INSERT INTO merchant_notification_attempts (notification_id, attempt, http_status, error, latency_ms, response_excerpt)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [
      n.id,
      n.attempts,
      result.httpStatus,
      result.error.slice(0, 500),
      result.latencyMs,
      result.excerpt.slice(0, EXCERPT_CHARS),
    ],
  );
  if (isDelivered(result)) {
    await db.query(
      `UPDATE merchant_notifications SET status = 'delivered', delivered_at = now() WHERE id = $1`,
      [n.id],
    );
  } else {
    await retryLaterOrAbandon(db, 'merchant_notifications', n, maxAttempts);
  }
}

/** One delivery attempt made at `at` (the demo world's past). */
export interface PastAttempt extends DeliveryOutcome {
  readonly at: Date;
}

/**
 * Records the pending notifications about `refId`s as delivered or abandoned by the attempts
 * already made, in two statements: what `recordAttempt` records one attempt at a time, with
 * the attempts' own times. The demo seed's notification history takes this path.
 */
export async function recordPastDeliveries(
  tx: Queryable,
  histories: readonly { refId: string; attempts: readonly PastAttempt[] }[],
  maxAttempts: number,
) {
  const made = histories.filter((h) => h.attempts.length);
  const attempts = made.flatMap((h) => h.attempts.map((a, i) => ({ h, a, n: i + 1 })));
  if (!attempts.length) return;
  await runWrites(tx, [
    {
      statements: [
        `INSERT INTO merchant_notification_attempts
           (notification_id, attempt, attempted_at, http_status, error, latency_ms, response_excerpt)
         SELECT n.id, x.n, x.at, x.s, x.e, x.l, x.x
           FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::text[], $6::int[], $7::text[])
             AS x(r, n, at, s, e, l, x)
           JOIN merchant_notifications n ON n.ref_id = x.r AND n.status = 'pending'`,
      ],
      params: [
        attempts.map((t) => t.h.refId),
        attempts.map((t) => t.n),
        attempts.map((t) => t.a.at.toISOString()),
        attempts.map((t) => t.a.httpStatus),
        attempts.map((t) => t.a.error.slice(0, 500)),
        attempts.map((t) => t.a.latencyMs),
        attempts.map((t) => t.a.excerpt.slice(0, EXCERPT_CHARS)),
      ],
    },
  ]);
  const outcomes = made.map((h) => {
    const last = h.attempts.at(-1)!;
    const delivered = isDelivered(last);
    const status = delivered
      ? 'delivered'
      : h.attempts.length >= maxAttempts
        ? 'abandoned'
        : 'pending';
    const next = new Date(last.at.getTime() + retryDelaySeconds(h.attempts.length) * 1000);
    return {
      refId: h.refId,
      status,
      count: h.attempts.length,
      delivered: delivered ? last.at : null,
      next,
    };
  });
  await tx.query(
    `UPDATE merchant_notifications n
        SET status = x.s, attempts = x.c, delivered_at = x.d, next_attempt_at = x.t
       FROM unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[], $5::timestamptz[])
         AS x(r, s, c, d, t)
      WHERE n.ref_id = x.r AND n.status = 'pending'`,
    [
      outcomes.map((o) => o.refId),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.count),
      outcomes.map((o) => o.delivered?.toISOString() ?? null),
      outcomes.map((o) => o.next.toISOString()),
    ],
  );
}

/** A notification sent (or being sent) about one pay-in or pay-out. */
export interface SentNotification {
  id: string;
  merchant_account_id: string;
  ref_type: 'payin' | 'payout';
  ref_id: string;
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
    `SELECT id, merchant_account_id, ref_type, ref_id, url, payload, status, attempts, next_attempt_at,
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
