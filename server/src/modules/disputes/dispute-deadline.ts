import type { Db } from '../../db/db';
import { AppError } from '../../core/app-error';
import { decide, type Decider } from '../money-flow/decision';
import { findOverdueDisputeIds } from './disputes.queries';
import { changeLockedDisputes, disputesTable } from './disputes.service';

/** The deadline sweep decides as the system: the admin log names no admin. */
const systemDecider = (db: Db): Decider => ({
  db,
  actor: null,
  clientIp: '',
  userAgent: 'dispute-deadline',
  requestId: '',
});

/**
 * Loses one dispute the sweep picked, in its own transaction with an admin-log entry by the
 * system, if it is still overdue: judged under its row lock (`FOR UPDATE`), it must still be
 * `opened` with its `respond_by` at or before `now` (the sweep's clock, the one it picked by). The
 * pick reads without a lock, so a dispute the merchant answered (or accepted) since is left
 * alone: the lifecycle alone would not, as it allows `evidence_submitted → lost` and
 * `accepted → lost` (the gateway's ruling). Answers whether it was lost.
 */
export async function loseOverdueDispute(decider: Decider, id: string, now: Date) {
  try {
    await decide(decider, {
      action: 'dispute.deadline',
      targetType: 'dispute',
      target: 'lost',
      id,
      reason: 'No answer before the deadline',
      change: async (tx, at) => {
        const locked = await disputesTable.lock(tx, [id]);
        const d = locked[0];
        if (!d) return [];
        if (d.status !== 'opened' || d.respond_by.getTime() > now.getTime())
          return [{ applied: false, from: d.status, status: d.status }];
        return changeLockedDisputes(tx, locked, [{ id, status: 'lost', at }]);
      },
    });
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return false;
  }
}

/**
 * Loses every dispute still `opened` whose `respond_by` passed (no answer came): its hold is
 * posted to the gateway and the merchant told, each in its own transaction
 * (`loseOverdueDispute`). A dispute answered meanwhile is left alone. Answers how many were lost.
 */
export async function sweepOverdueDisputes(db: Db, now = new Date(), limit = 200): Promise<number> {
  const decider = systemDecider(db);
  let lost = 0;
  for (const id of await findOverdueDisputeIds(db, now, limit))
    if (await loseOverdueDispute(decider, id, now)) lost++;
  return lost;
}
