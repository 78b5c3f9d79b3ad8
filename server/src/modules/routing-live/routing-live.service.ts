import {
  formatAmount,
  ROUTING_LIVE_MINUTES,
  successPercent,
  type RoutingLiveGateway,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import { findHealthGateways } from '../gateway-health/gateway-health.service';
import { findGatewayPayoutFigures, payoutOutcomes } from '../payouts/payouts.service';
import { noCounts, type GatewayCounts } from '../routing/gateway-counts';
import { payinOutcomes } from '../routing/routing-context';
import { findDecisionsByProfile } from '../routing/routing-decisions';

/** A share of a total, or a success rate: a percentage, null when there is nothing to divide. */
const percentOf = (part: number, total: number) => (total > 0 ? successPercent(part, total) : null);

/**
 * The live routing view of the monitoring page (issue 43, "Live view"): for each gateway (of one
 * currency when given), its share of its currency's pay-ins and pay-outs created in the last
 * hour, their success rates, and its deposit's headroom for pay-outs; and the profiles that
 * routed them (decisions per profile version, fallbacks among them). The counts are routing's
 * own (each kind's reader, by its `gatewayJudged` rule).
 */
export async function routingLive(ctx: UserCallContext, input: { currency?: string | null }) {
  const currency = input.currency ?? null;
  const until = new Date();
  const since = new Date(until.getTime() - ROUTING_LIVE_MINUTES * 60_000);
  const gateways = await findHealthGateways(ctx.db, currency);
  const ids = gateways.map((g) => g.id);
  const payins = await payinOutcomes(ctx.db, ids, since, until);
  const payouts = await payoutOutcomes(ctx.db, ids, since, until);
  const deposits = await findGatewayPayoutFigures(ctx.db, ids);
  const profiles = await findDecisionsByProfile(ctx.db, since, until, currency);
  const totalOf = (counts: ReadonlyMap<string, GatewayCounts>, of: string) =>
    gateways
      .filter((g) => g.currency === of)
      .reduce((sum, g) => sum + (counts.get(g.id)?.created ?? 0), 0);
  const rows: RoutingLiveGateway[] = gateways.map((g) => {
    const pin = payins.get(g.id) ?? noCounts();
    const pout = payouts.get(g.id) ?? noCounts();
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
      in_flight: formatAmount(deposit.inFlight, g.currency),
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
