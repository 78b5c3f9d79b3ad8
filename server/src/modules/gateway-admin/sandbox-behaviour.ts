import { formatPercentPpm, parsePercentPpm } from '@bo/contract';
import { forgetSandboxBehaviour } from '../../connectors/sandbox/sandbox-behaviour';
import type { SandboxBehaviour } from '../../connectors/sandbox/sandbox.queries';
import { badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { lockGatewayById } from '../gateways/gateways.service';

/** A sandbox gateway's behaviour as the calls answer it and the admin log keeps it. */
export const sandboxBehaviourView = (b: SandboxBehaviour) => ({
  sandbox_success_percent: formatPercentPpm(b.sandbox_success_ppm),
  sandbox_latency_ms: b.sandbox_latency_ms,
  sandbox_refuses_hand_overs: b.sandbox_refuses_hand_overs,
  sandbox_pays_alone: b.sandbox_pays_alone,
});

/**
 * Sets how a sandbox gateway behaves (`setSandboxBehaviour`, issue 43): the share it pays of
 * what it finishes, its latency, whether it refuses hand-overs and whether it pays its pay-ins
 * alone, read by the sandbox for each payment it is handed from then on (this process at once,
 * another within `SANDBOX_BEHAVIOUR_MS`). Under the gateway's row lock; audited with before,
 * after and the reason. A gateway of another connector is bad input: its behaviour is its
 * provider's.
 */
export async function setSandboxBehaviour(
  ctx: UserCallContext,
  input: {
    id: string;
    successPercent: string;
    latencyMs: string;
    refusesHandOvers: boolean;
    paysAlone: boolean;
    reason: string;
  },
) {
  const answer = await ctx.db.transaction(async (tx) => {
    const gateway = await lockGatewayById(tx, input.id);
    if (!gateway) throw notFound('No payment gateway has this id');
    if (gateway.connector !== 'sandbox')
      throw badInput(`id: ${gateway.payment_gateway_code} is not a sandbox gateway`);
    const ppm = parsePercentPpm(input.successPercent);
    if (ppm === null) throw badInput('successPercent must be a percent from 0 to 100');
    const after: SandboxBehaviour = {
      sandbox_success_ppm: ppm,
      sandbox_latency_ms: Number(input.latencyMs),
      sandbox_refuses_hand_overs: input.refusesHandOvers,
      sandbox_pays_alone: input.paysAlone,
    };
    await tx.query(
      `UPDATE payment_gateways SET sandbox_success_ppm = $2, sandbox_latency_ms = $3,
              sandbox_refuses_hand_overs = $4, sandbox_pays_alone = $5
        WHERE id = $1`,
      [
        gateway.id,
        after.sandbox_success_ppm,
        after.sandbox_latency_ms,
        after.sandbox_refuses_hand_overs,
        after.sandbox_pays_alone,
      ],
    );
    await recordAdminLog(tx, ctx, {
      action: 'payment_gateway.sandbox_behaviour',
      actor: ctx.actor,
      targetType: 'payment_gateway',
      targetId: gateway.id,
      before: sandboxBehaviourView(gateway),
      after: { ...sandboxBehaviourView(after), reason: input.reason },
    });
    return {
      id: gateway.id,
      payment_gateway_code: gateway.payment_gateway_code,
      ...sandboxBehaviourView(after),
    };
  });
  forgetSandboxBehaviour(ctx.db);
  return answer;
}
