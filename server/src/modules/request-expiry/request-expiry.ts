import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../core/app-error';
import { findRequestExpiry } from '../approvals/approvals.service';
import {
  RECON_WRITE_OFF_SUBJECT,
  SETTING_CHANGE_SUBJECT,
  type ApprovalSubject,
} from '../approvals/approval-subjects';
import { decide, type Decider } from '../money-flow/decision';
import { expiryFacets, type ExpiryFacet } from '../money-flow/expiry-facet';
import { reviewFacets } from '../money-flow/review-facet';
import { expireWriteOff } from '../reconciliation/recon-write-offs';
import { rejectSettingChangeRow } from '../setting-changes/setting-changes.service';

/** The reject reason the sweep writes; admins cannot pick it. */
const EXPIRED_REASON = 'expired';

/** The requests besides the money kinds' (their expiry facets) that expire. */
const OTHER_EXPIRING: readonly ExpiryFacet[] = [
  {
    subject: SETTING_CHANGE_SUBJECT,
    target: 'rejected',
    change: (tx, id, at) => rejectSettingChangeRow(tx, id, at),
  },
  {
    // A reconciliation write-off waiting for its approvals (only write-offs ever wait):
    // `expired`, a state of its own beside `rejected`; nothing posts either way.
    subject: RECON_WRITE_OFF_SUBJECT,
    target: 'expired',
    change: (tx, id, at) => expireWriteOff(tx, id, at),
  },
];

/**
 * Every request whose subject `expires` (an approval of one past its expiry is refused): the
 * kinds' requests awaiting approval, the items risk rules held for review (declined along the
 * review's path, their reservation voided), and the others.
 */
const expiringRequests = (): readonly ExpiryFacet[] => [
  ...expiryFacets.all().map(([, facet]) => facet),
  ...reviewFacets.all().map(([, review]): ExpiryFacet => ({
    subject: review.subject,
    target: 'rejected',
    change: (tx, id, at, reason) => review.change(tx, id, 'rejected', at, reason),
  })),
  ...OTHER_EXPIRING,
];

/**
 * Requests of `kind` still waiting for a decision that were made before `cutoff`, oldest first:
 * the rule of `isRequestExpired`, by which an approval of one is refused too.
 */
async function findExpiredIds(
  db: Queryable,
  subject: ApprovalSubject,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const destination = subject.destination ? `AND destination = '${subject.destination}'` : '';
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${subject.table}
      WHERE status = $1 AND created_at < $2 ${destination}
      ORDER BY created_at LIMIT $3`,
    [subject.awaiting, cutoff.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}

/** The expiry sweep decides as the system: the admin log names no admin. */
const systemDecider = (db: Db): Decider => ({
  db,
  actor: null,
  clientIp: '',
  userAgent: 'request-expiry',
  requestId: '',
});

/**
 * Rejects requests not decided within the configured hours (settings `approval_expiry_hours`,
 * default 72): a pay-out awaiting approval, a pending settlement (bank or USDT wallet),
 * withdrawal or guarded setting change is rejected, each through its lifecycle's change (the
 * reservation voided; a setting keeps its value), and a reconciliation write-off expires
 * (nothing posted, its line open again), with
 * the reason `expired` kept on the row and an admin-log entry by the system, each in its own
 * transaction. A request decided meanwhile is left alone. Answers how many expired.
 */
export async function sweepExpiredRequests(db: Db, now = new Date(), limit = 200): Promise<number> {
  const { hours, cutoff } = await findRequestExpiry(db, now);
  const decider = systemDecider(db);
  let expired = 0;
  for (const kind of expiringRequests()) {
    const note = `Not decided within ${hours} hours`;
    for (const id of await findExpiredIds(db, kind.subject, cutoff, limit)) {
      try {
        await decide(decider, {
          action: `${kind.subject.refType}.expire`,
          targetType: kind.subject.refType,
          target: kind.target,
          id,
          rejection: {
            subject: kind.subject,
            reasonCode: EXPIRED_REASON,
            note,
            isSystem: true,
          },
          // Stamped when it is decided (as its log entry is), not at the sweep's `now`.
          change: async (tx, at) => {
            // Only a request still waiting expires (a pay-out may have gone to its gateway).
            const { rows } = await tx.query<{ status: string }>(
              `SELECT status FROM ${kind.subject.table} WHERE id = $1 FOR UPDATE`,
              [id],
            );
            const status = rows[0]?.status ?? null;
            if (status !== kind.subject.awaiting) return [{ applied: false, from: status, status }];
            return kind.change(tx, id, at, { code: EXPIRED_REASON, text: note });
          },
        });
        expired++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
  return expired;
}
