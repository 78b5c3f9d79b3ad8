import type { PayinStatus } from '@bo/contract';
import { connectorFor, type GatewayOutcome } from '../../connectors/connector';
import { conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { requireAdmin } from '../scoped-lists/scope';
import { gatewayRoute } from '../gateways/gateways.service';
import { changePayins, findPayinInScope, lockPayins, type PayinChange } from './payins.service';

/** A pay-in status from which the gateway may still be asked (not final). */
export const isOpenPayinStatus = (status: string) =>
  status === 'created' || status === 'processing';

/** What the gateway said: its outcome, or `no_answer` when it could not be reached. */
export type GatewayAnswer = GatewayOutcome | 'no_answer';

/** The pay-in transitions a gateway's answer makes (a success walks through processing). */
export function stepsForAnswer(id: string, answer: GatewayAnswer, at: Date): PayinChange[] {
  if (answer === 'success')
    return [
      { id, status: 'processing', at },
      { id, status: 'success', at },
    ];
  if (answer === 'failed') return [{ id, status: 'failed', at }];
  return [];
}

/**
 * An admin asks a pay-in's gateway where it stands (for one stuck on the processing list):
 * the connector is asked outside any transaction, then its answer goes through the pay-in
 * lifecycle (`changePayins`: state, journal, rollups, merchant notification) with the
 * admin-log entry in one transaction. A pay-in past processing (success, failed, expired)
 * is a conflict and its gateway is not asked; a "pending" or no answer changes nothing but
 * is logged all the same. A callback that settled the pay-in meanwhile wins: the lifecycle
 * refuses the late step.
 */
export async function queryPayinGateway(ctx: UserCallContext, id: string) {
  requireAdmin(ctx.actor);
  const payin = await findPayinInScope(ctx.db, ctx.actor, id);
  if (!payin) throw notFound('No pay-in has this id');
  if (!isOpenPayinStatus(payin.status))
    throw conflict(
      `This pay-in is ${payin.status}: its gateway is asked only while it is created or processing`,
    );
  const route = await gatewayRoute(ctx.db, payin.gateway_id);
  const answer: GatewayAnswer = await connectorFor(ctx.db, route.connector)
    .queryStatus('payin', id)
    .catch(() => 'no_answer' as const);
  return ctx.db.transaction(async (tx) => {
    // Stamped inside the transaction, so the change follows its admin-log entry in time.
    const steps = stepsForAnswer(id, answer, new Date());
    const results = steps.length ? await changePayins(tx, steps) : [];
    // The status found under the lock (a callback may have moved it since it was read).
    const from: PayinStatus =
      results[0]?.from ?? (await lockPayins(tx, [id]))[0]?.status ?? payin.status;
    const status = results.at(-1)?.status ?? from;
    await recordAdminLog(tx, ctx, {
      action: 'payin.query_gateway',
      actor: ctx.actor,
      targetType: 'payin',
      targetId: id,
      before: { status: from },
      after: { status, gateway_status: answer },
    });
    return { id, gateway_status: answer, status, changed: results.some((r) => r.applied) };
  });
}
