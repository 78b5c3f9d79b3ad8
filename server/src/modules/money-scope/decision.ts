import type { Queryable } from '../../db/db';
import { conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';

interface ChangeResult {
  applied: boolean;
  from: string | null;
  status: string | null;
}

/**
 * One back-office decision on a money item, in one transaction: the lifecycle change (with
 * its journal and rollups) and the admin log. Unknown ids are not found; a transition the
 * lifecycle does not allow is a conflict that changes nothing.
 */
export async function decide(
  ctx: UserCallContext,
  spec: {
    action: string;
    targetType: string;
    id: string;
    target: string;
    change: (tx: Queryable) => Promise<ChangeResult[]>;
    reason?: string;
  },
): Promise<{ id: string; status: string }> {
  return ctx.db.transaction(async (tx) => {
    const [result] = await spec.change(tx);
    if (!result || result.from === null)
      throw notFound(`No ${spec.targetType.replace('_', ' ')} has this id`);
    if (!result.applied)
      throw conflict(
        `A ${result.from.replace('_', ' ')} ${spec.targetType.replace('_', ' ')} cannot become ${spec.target.replace('_', ' ')}`,
      );
    await recordAdminLog(tx, ctx, {
      action: spec.action,
      actor: ctx.actor,
      targetType: spec.targetType,
      targetId: spec.id,
      before: { status: result.from },
      after: { status: result.status, reason: spec.reason ?? null },
    });
    return { id: spec.id, status: result.status! };
  });
}
