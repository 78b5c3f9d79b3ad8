import {
  formatAmount,
  ROUTING_LIVE_MINUTES,
  successPercent,
  type RoutingLiveGateway,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { findHealthGateways, findOutcomeCounts } from '../gateway-health/gateway-health.service';
import { findGatewayPayoutFigures, findPayoutWindowCounts } from '../payouts/payouts.service';
import { PAYIN_FINISHED } from '../routing/routing-context';
import { findDecisionsByProfile } from '../routing/routing-decisions';

/** Created, finished and successful payments of one gateway in the window. */
interface Counts {
  created: number;
  finished: number;
  succeeded: number;
}

const NONE: Counts = { created: 0, finished: 0, succeeded: 0 };

/** Pay-ins per gateway in the window, counted as routing's success rates count them. */
async function payinCounts(
  ctx: UserCallContext,
  gatewayIds: readonly string[],
  since: Date,
  until: Date,
): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  for (const c of await findOutcomeCounts(ctx.db, gatewayIds, [since], until)) {
    const n = c.counts[0]!;
    const sum = counts.get(c.gateway_id) ?? { ...NONE };
    sum.created += n;
    if (PAYIN_FINISHED.has(c.status)) sum.finished += n;
    if (c.status === 'success') sum.succeeded += n;
    counts.set(c.gateway_id, sum);
  }
  return counts;
}

/** A share of a total, or a success rate: a percentage, null when there is nothing to divide. */
const percentOf = (part: number, total: number) => (total > 0 ? successPercent(part, total) : null);

/**
 * The live routing view of the monitoring page (issue 43, "Live view"): for each gateway (of one
 * currency when given), its share of its currency's pay-ins and pay-outs created in the last
 * hour, their success rates, and its deposit's headroom for pay-outs; and the profiles that
 * routed them (decisions per profile version, fallbacks among them). The same counts routing
 * reads: finished pay-ins are `success`, `failed` or `expired`; finished pay-outs `success` or
 * `failed`.
 */
export async function routingLive(ctx: UserCallContext, input: { currency?: string | null }) {
  const currency = input.currency ?? null;
  const until = new Date();
  const since = new Date(until.getTime() - ROUTING_LIVE_MINUTES * 60_000);
  const gateways = await findHealthGateways(ctx.db, currency);
  const ids = gateways.map((g) => g.id);
  const payins = await payinCounts(ctx, ids, since, until);
  const payouts = await findPayoutWindowCounts(ctx.db, ids, since, until);
  const deposits = await findGatewayPayoutFigures(ctx.db, ids);
  const profiles = await findDecisionsByProfile(ctx.db, since, until, currency);
  const totalOf = (counts: ReadonlyMap<string, Counts>, of: string) =>
    gateways
      .filter((g) => g.currency === of)
      .reduce((sum, g) => sum + (counts.get(g.id)?.created ?? 0), 0);
  const rows: RoutingLiveGateway[] = gateways.map((g) => {
    const pin = payins.get(g.id) ?? NONE;
    const pout = payouts.get(g.id) ?? NONE;
    const deposit = deposits.get(g.id) ?? { deposit: 0n, inFlight: 0n, queued: 0 };
    return {
      id: g.id,
      payment_gateway_code: g.payment_gateway_code,
      currency: g.currency,
      status: g.status,
      payins: pin.created,
      payin_share: percentOf(pin.created, totalOf(payins, g.currency)),
      payin_success_rate: percentOf(pin.succeeded, pin.finished),
      payouts: pout.created,
      payout_share: percentOf(pout.created, totalOf(payouts, g.currency)),
      payout_success_rate: percentOf(pout.succeeded, pout.finished),
      deposit_balance: formatAmount(deposit.deposit, g.currency),
      payouts_in_flight: formatAmount(deposit.inFlight, g.currency),
      deposit_headroom: formatAmount(deposit.deposit - deposit.inFlight, g.currency),
      payouts_queued: deposit.queued,
    };
  });
  return {
    generated_at: until.toISOString(),
    window_minutes: ROUTING_LIVE_MINUTES,
    gateways: rows.sort(
      (a, b) =>
        a.currency.localeCompare(b.currency) ||
        a.payment_gateway_code.localeCompare(b.payment_gateway_code),
    ),
    profiles,
  };
}
