import { RISK_HELD_STATUS } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { reviewFacets } from '../money-flow/review-facet';

/** How many items wait in the review queue, and when the oldest of them was held. */
export interface HeldWaiting {
  readonly count: number;
  readonly oldest_at: string | null;
}

/**
 * The review queue's size and its oldest item (the admin dashboard's card), over every review
 * facet's table: each read through its partial index of held rows (`<table>_held_idx`), so it
 * costs what waits, not what the tables hold. Every held item, as the queue lists them.
 */
export async function findHeldWaiting(db: Queryable): Promise<HeldWaiting> {
  const parts = reviewFacets.all().map(([, { subject }]) => {
    const destination = subject.destination ? `AND destination = '${subject.destination}'` : '';
    return `SELECT count(*)::int AS n, min(created_at) AS oldest FROM ${subject.table}
             WHERE status = '${RISK_HELD_STATUS}' ${destination}`;
  });
  if (!parts.length) return { count: 0, oldest_at: null };
  const { rows } = await db.query<{ count: number; oldest_at: Date | null }>(
    `SELECT coalesce(sum(n), 0)::int AS count, min(oldest) AS oldest_at
       FROM (${parts.join(' UNION ALL ')}) held`,
  );
  const oldest = rows[0]?.oldest_at ?? null;
  return { count: rows[0]?.count ?? 0, oldest_at: oldest ? new Date(oldest).toISOString() : null };
}
