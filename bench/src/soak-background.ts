import type pg from 'pg';
import { withClient } from './bench-db';

/** Percentiles (ms) of a delay measured in the database, and over how many rows. */
export interface DelayFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** What the background work did for the pay-ins of one phase, read from the database. */
export interface BackgroundFigures {
  /** Pay-ins of the phase by status (success, failed; anything else is not final yet). */
  byStatus: Record<string, number>;
  /** From a pay-in's creation to its final status (the sandbox's latency included). */
  completion: DelayFigures;
  /** From a notification's creation to its delivery to the merchant. */
  notification: DelayFigures;
  /** Notifications of the phase still pending, and abandoned. */
  notificationsPending: number;
  notificationsAbandoned: number;
  /** Failed delivery attempts of the phase's notifications by what went wrong, most first. */
  failedAttempts: [string, number][];
}

/**
 * Pay-ins whose order id starts with `prefix` not yet final, and their notifications pending
 * and delivered.
 */
async function countWork(c: pg.Client, prefix: string) {
  const { rows } = await c.query<{ payins: string; pending: string; delivered: string }>(
    `SELECT (SELECT count(*) FROM payins
              WHERE order_id LIKE $1 AND status NOT IN ('success', 'failed', 'expired')) AS payins,
            count(*) FILTER (WHERE n.status = 'pending') AS pending,
            count(*) FILTER (WHERE n.status = 'delivered') AS delivered
       FROM merchant_notifications n JOIN payins p ON p.id = n.ref_id
      WHERE p.order_id LIKE $1`,
    [`${prefix}-%`],
  );
  const r = rows[0]!;
  return { payins: Number(r.payins), pending: Number(r.pending), delivered: Number(r.delivered) };
}

/** How long notifications may go without one delivered before the wait gives up on them. */
const STALLED_MS = 10_000;

/**
 * Waits (polling) until every pay-in of the phase is final and its notifications are
 * delivered, or `deadlineMs` passes, or (pay-ins final) no notification has been delivered for
 * STALLED_MS (deliveries failing: their errors are in the figures); answers what was still
 * open and how long it waited.
 */
export async function waitForBackground(
  url: string,
  prefix: string,
  deadlineMs: number,
): Promise<{ openPayins: number; pendingNotifications: number; waitedMs: number }> {
  return withClient(url, async (c) => {
    const started = Date.now();
    let delivered = -1;
    let lastDelivery = started;
    for (;;) {
      const now = await countWork(c, prefix);
      if (now.delivered !== delivered) [delivered, lastDelivery] = [now.delivered, Date.now()];
      const waitedMs = Date.now() - started;
      const stalled = now.payins === 0 && Date.now() - lastDelivery >= STALLED_MS;
      if ((now.payins === 0 && now.pending === 0) || stalled || waitedMs >= deadlineMs)
        return { openPayins: now.payins, pendingNotifications: now.pending, waitedMs };
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

const DELAY_COLUMNS = `count(*) AS count,
  percentile_disc(0.50) WITHIN GROUP (ORDER BY ms) AS p50,
  percentile_disc(0.95) WITHIN GROUP (ORDER BY ms) AS p95,
  percentile_disc(0.99) WITHIN GROUP (ORDER BY ms) AS p99,
  max(ms) AS max`;

type DelayRow = Record<keyof DelayFigures, string | number | null>;
const delayOf = (r: DelayRow): DelayFigures => ({
  count: Number(r.count),
  p50: Number(r.p50 ?? Number.NaN),
  p95: Number(r.p95 ?? Number.NaN),
  p99: Number(r.p99 ?? Number.NaN),
  max: Number(r.max ?? Number.NaN),
});

/** How late the background work ran for the pay-ins whose order id starts with `prefix`. */
export async function readBackgroundFigures(
  url: string,
  prefix: string,
): Promise<BackgroundFigures> {
  return withClient(url, async (c) => {
    const like = [`${prefix}-%`];
    const statuses = await c.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM payins WHERE order_id LIKE $1 GROUP BY status`,
      like,
    );
    const completion = await c.query<DelayRow>(
      `SELECT ${DELAY_COLUMNS} FROM (
         SELECT extract(epoch FROM completed_at - created_at)::float8 * 1000 AS ms
           FROM payins WHERE order_id LIKE $1 AND completed_at IS NOT NULL) d`,
      like,
    );
    const notification = await c.query<DelayRow>(
      `SELECT ${DELAY_COLUMNS} FROM (
         SELECT extract(epoch FROM n.delivered_at - n.created_at)::float8 * 1000 AS ms
           FROM merchant_notifications n JOIN payins p ON p.id = n.ref_id
          WHERE p.order_id LIKE $1 AND n.status = 'delivered') d`,
      like,
    );
    const left = await c.query<{ status: string; n: string }>(
      `SELECT n.status, count(*) AS n FROM merchant_notifications n JOIN payins p ON p.id = n.ref_id
        WHERE p.order_id LIKE $1 AND n.status <> 'delivered' GROUP BY n.status`,
      like,
    );
    const failed = await c.query<{ what: string; n: string }>(
      `SELECT coalesce(nullif(a.error, ''), 'HTTP ' || a.http_status) AS what, count(*) AS n
         FROM merchant_notification_attempts a
         JOIN merchant_notifications n ON n.id = a.notification_id
         JOIN payins p ON p.id = n.ref_id
        WHERE p.order_id LIKE $1 AND (a.http_status IS NULL OR a.http_status NOT BETWEEN 200 AND 299)
        GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
      like,
    );
    const leftBy = new Map(left.rows.map((r) => [r.status, Number(r.n)]));
    return {
      byStatus: Object.fromEntries(statuses.rows.map((r) => [r.status, Number(r.n)])),
      completion: delayOf(completion.rows[0]!),
      notification: delayOf(notification.rows[0]!),
      notificationsPending: leftBy.get('pending') ?? 0,
      notificationsAbandoned: leftBy.get('abandoned') ?? 0,
      failedAttempts: failed.rows.map((r) => [r.what, Number(r.n)]),
    };
  });
}
