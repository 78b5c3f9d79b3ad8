import type { Queryable } from './db';

/**
 * The one way a queue of things to send is claimed and retried (merchant notifications, mail):
 * a table with `id`, `status` ('pending' while it waits), `attempts` and `next_attempt_at`.
 */
export type QueueTable = 'merchant_notifications' | 'mail_outbox';

/**
 * How long a claimed row is held for its sender: longer than a delivery may take, so no
 * sender, of this process or another, claims it again while it is being sent. A sender that
 * died mid-send leaves it to be claimed again after this.
 */
export const CLAIM_LEASE_SECONDS = 30;

/** A claimed row: this attempt's number (the claim counted it) and when it was claimed. */
export interface Claimed {
  id: string;
  attempts: number;
  claimed_at: Date;
}

/**
 * Claims due rows (skipping those another worker holds, `FOR UPDATE SKIP LOCKED`), counts the
 * attempt and pushes their next try back by the lease. `columns` are the row's own fields the
 * sender needs (trusted names, never input); `only`, a condition on the table's rows (trusted
 * SQL, never input), narrows the queue to a part of it (the outbox's mail or webhook rows).
 */
export async function claimDue<T extends Claimed>(
  tx: Queryable,
  table: QueueTable,
  columns: readonly string[],
  now: Date,
  limit: number,
  only = 'true',
): Promise<T[]> {
  const returning = columns.map((c) => `q.${c}`).join(', ');
  const { rows } = await tx.query<T>(
    `UPDATE ${table} q SET attempts = q.attempts + 1,
            next_attempt_at = $1::timestamptz + make_interval(secs => $3)
      WHERE q.id IN (SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at <= $1 AND ${only}
                      ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING q.id, ${returning ? `${returning}, ` : ''}q.attempts, $1::timestamptz AS claimed_at`,
    [now.toISOString(), limit, CLAIM_LEASE_SECONDS],
  );
  return rows;
}

/** The wait after failed attempt `attempt` (from its claim): 5 s, 10 s, 20 s … up to an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(3600, 2 ** (attempt - 1) * 5);

/**
 * After a failed attempt: the next try with exponential back-off from the claim (5 s, 10 s,
 * 20 s … up to an hour) or, after `maxAttempts`, 'abandoned'. Neither undoes a delivery another
 * sender recorded meanwhile. `extraSet` adds assignments (`last_error = $3`) with `extraParams`.
 */
export async function retryLaterOrAbandon(
  db: Queryable,
  table: QueueTable,
  row: Claimed,
  maxAttempts: number,
  extra: { set: string; params: readonly unknown[] } = { set: '', params: [] },
) {
  const more = extra.set ? `, ${extra.set}` : '';
  if (row.attempts >= maxAttempts) {
    await db.query(
      `UPDATE ${table} SET status = 'abandoned'${more}
        WHERE id = $1 AND status = 'pending' AND $2::timestamptz IS NOT NULL`,
      [row.id, row.claimed_at.toISOString(), ...extra.params],
    );
  } else {
    await db.query(
      `UPDATE ${table}
          SET next_attempt_at = $2::timestamptz + make_interval(secs => $${3 + extra.params.length}::int)${more}
        WHERE id = $1 AND status = 'pending'`,
      [row.id, row.claimed_at.toISOString(), ...extra.params, retryDelaySeconds(row.attempts)],
    );
  }
}
