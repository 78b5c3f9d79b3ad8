import type { Queryable } from '../../db/db';
import { readPositiveAmount } from '@bo/contract';
import { badInput, conflict, notFound } from '../../core/app-error';
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

/**
 * One request for money to move, made in the back office (a pay-out, a settlement, a
 * withdrawal, a top-up), in one transaction: the amount read exactly in its currency (a bad
 * one is a 400 naming `amount`, nothing written), the rows `create` makes with it, and the
 * admin log of what was asked, with the answer as shown.
 */
export async function recordRequest<V extends { id: string }>(
  ctx: UserCallContext,
  spec: {
    action: string;
    targetType: string;
    currency: string;
    amount: string;
    create: (tx: Queryable, minor: bigint) => Promise<V>;
  },
): Promise<V> {
  const read = readPositiveAmount(spec.amount, spec.currency);
  if (!read.ok) throw badInput(`amount ${read.message}`);
  return ctx.db.transaction(async (tx) => {
    const shown = await spec.create(tx, read.minor);
    await recordAdminLog(tx, ctx, {
      action: spec.action,
      actor: ctx.actor,
      targetType: spec.targetType,
      targetId: shown.id,
      after: shown,
    });
    return shown;
  });
}
