import { badField, conflict, notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { disputeList, type DisputeRecord } from './disputes.queries';

/**
 * The dispute an answer (its evidence, a file of it, its acceptance) is for, in the caller's
 * scope (another merchant's is not found): a merchant answers its own; an admin answers on a
 * merchant's behalf and must say why; a reseller only looks.
 */
export async function answerTarget(ctx: UserCallContext, id: string, reason: string | undefined) {
  const { actor } = ctx;
  if (actor.accountType !== 'merchant' && actor.accountType !== 'admin')
    throw notAllowed('Only a merchant, or an admin on its behalf, can answer a dispute');
  if (actor.accountType === 'admin' && !reason)
    throw badField({
      field: 'reason',
      rule: 'is required when an admin answers a dispute on a merchant’s behalf',
      kind: 'required',
    });
  const row = await disputeList.byId(ctx.db, actor, id);
  if (!row) throw notFound('No dispute in your scope has this id');
  return row;
}

/** Refuses an answer to a dispute no longer waiting for one, or past its deadline. */
export function checkAnswerable(d: Pick<DisputeRecord, 'status' | 'respond_by'>, now: Date) {
  if (d.status !== 'opened')
    throw conflict(
      `Only an opened dispute can be answered; this one is ${d.status.replace('_', ' ')}`,
    );
  if (d.respond_by.getTime() <= now.getTime())
    throw conflict(`The deadline to answer this dispute passed at ${d.respond_by.toISOString()}`);
}
