import { formatPercentPpm, parsePercentPpm } from '@bo/contract';
import { badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { lockGatewayById } from '../gateways/gateways.service';

/** A sandbox gateway's behaviour as the call answers it and the admin log keeps it. */
interface Behaviour {
  readonly success_percent: string;
  readonly latency_ms: number;
}

/**
 * Sets how a sandbox gateway behaves (`setSandboxBehaviour`, issue 43): the share it pays of
 * what it finishes and its latency, read by the sandbox for each payment it is handed from then
 * on. Under the gateway's row lock; audited with before, after and the reason. A gateway of
 * another connector is bad input: its behaviour is its provider's.
 */
export function setSandboxBehaviour(
  ctx: UserCallContext,
  input: { id: string; successPercent: string; latencyMs: string; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const gateway = await lockGatewayById(tx, input.id);
    if (!gateway) throw notFound('No payment gateway has this id');
    if (gateway.connector !== 'sandbox')
      throw badInput(`id: ${gateway.payment_gateway_code} is not a sandbox gateway`);
    const ppm = parsePercentPpm(input.successPercent);
    if (ppm === null) throw badInput('successPercent must be a percent from 0 to 100');
    const latency = Number(input.latencyMs);
    const before: Behaviour = {
      success_percent: formatPercentPpm(gateway.sandbox_success_ppm),
      latency_ms: gateway.sandbox_latency_ms,
    };
    await tx.query(
      'UPDATE payment_gateways SET sandbox_success_ppm = $2, sandbox_latency_ms = $3 WHERE id = $1',
      [gateway.id, ppm, latency],
    );
    const after: Behaviour = { success_percent: formatPercentPpm(ppm), latency_ms: latency };
    await recordAdminLog(tx, ctx, {
      action: 'payment_gateway.sandbox_behaviour',
      actor: ctx.actor,
      targetType: 'payment_gateway',
      targetId: gateway.id,
      before: { ...before },
      after: { ...after, reason: input.reason },
    });
    return { id: gateway.id, payment_gateway_code: gateway.payment_gateway_code, ...after };
  });
}
