import type { Db } from '../../db/db';
import { AppError } from '../../core/app-error';
import { decide, type Decider } from '../money-scope/decision';
import { findOverdueDisputeIds } from './disputes.queries';
import { changeDisputes } from './disputes.service';

/** The deadline sweep decides as the system: the admin log names no admin. */
const systemDecider = (db: Db): Decider => ({
  db,
  actor: null,
  clientIp: '',
  userAgent: 'dispute-deadline',
  requestId: '',
});

/**
 * Loses every dispute still `opened` past its `respond_by` (no answer came): its hold is posted
 * to the gateway and the merchant told, each in its own transaction with an admin-log entry by
 * the system. A dispute answered meanwhile is left alone (the lifecycle refuses the change).
 * Answers how many were lost.
 */
export async function sweepOverdueDisputes(db: Db, now = new Date(), limit = 200): Promise<number> {
  const decider = systemDecider(db);
  let lost = 0;
  for (const id of await findOverdueDisputeIds(db, now, limit)) {
    try {
      await decide(decider, {
        action: 'dispute.deadline',
        targetType: 'dispute',
        target: 'lost',
        id,
        reason: 'No answer before the deadline',
        change: (tx, at) => changeDisputes(tx, [{ id, status: 'lost', at }]),
      });
      lost++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return lost;
}
