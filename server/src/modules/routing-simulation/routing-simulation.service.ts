import type { RoutingSimulation, RoutingScope, SimulatedDirection } from '@bo/contract';
import { badFields } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { findHourlyOutcomes } from '../gateway-health/gateway-health.service';
import { loadConditionLookups } from '../risk/risk-context';
import { decideRoute, type RouteGateway, type RouteInputs } from '../routing/routing-decide';
import { routingProfileProblems } from '../routing/routing-profiles.service';
import { placeOf } from '../setting-changes/routing-profile-setting';
import {
  findNotRouted,
  findPastPayments,
  findSimulatedGateways,
  type PastPayment,
  type PaymentCursor,
} from './routing-simulation.queries';
import { SIMULATED_KINDS } from './simulated-kind';
import { HourlyRates } from './simulation-rates';
import { SimulationTally } from './simulation-tally';

/** Past payments read at a time: enough to keep each read worth its round trip, little memory. */
const CHUNK = 20_000;
const DAY_MS = 86_400_000;

export interface SimulationInput {
  readonly direction: SimulatedDirection;
  readonly currency: string;
  readonly scope: RoutingScope;
  readonly accountCode?: string | null;
  readonly definition: string;
  readonly days: number;
}

/**
 * Replays a pay-in or pay-out profile over the last `days` (issue 43, "Simulation";
 * docs/routing.md): the definition is checked as on save, then every past payment of its
 * direction the profile would have routed goes through `decideRoute`, intake's own decision, in
 * chunks of creation order (the next read while one is decided). The gateways are today's
 * (active or not); a success-rate step reads each gateway's observed hours of the same kind
 * before the payment (`HourlyRates`). A pay-out's deposit headroom is not replayed (docs). The
 * result sets what happened beside what the profile would have done (`SimulationTally`).
 * Nothing is written.
 */
export async function simulateProfile(
  ctx: UserCallContext,
  input: SimulationInput,
  until = new Date(),
): Promise<RoutingSimulation> {
  const { db } = ctx;
  const kind = SIMULATED_KINDS[input.direction];
  const place = await placeOf(db, {
    direction: input.direction,
    currency: input.currency,
    scope: input.scope,
    accountCode: input.accountCode ?? null,
  });
  const checked = await routingProfileProblems(db, ctx.actor, place, input.definition);
  const [problem, ...more] = checked.problems;
  if (problem || !checked.definition) throw badFields([problem!, ...more]);
  const definition = checked.definition;
  const since = new Date(until.getTime() - input.days * DAY_MS);
  const gateways = await findSimulatedGateways(db, kind, input.currency);
  const rates = new HourlyRates(
    await findHourlyOutcomes(
      db,
      gateways.map((g) => g.id),
      new Date(since.getTime() - DAY_MS),
      until,
      kind,
    ),
  );
  const routeGateways: RouteGateway[] = gateways.map((g) => ({
    id: g.id,
    code: g.code,
    active: g.status === 'activated',
  }));
  const whens = definition.steps.flatMap((s) => ('rules' in s ? s.rules.map((r) => r.when) : []));
  const lookups = await loadConditionLookups(db, whens, until);
  const notRouted = await findNotRouted(db, input.direction, input.currency, input.scope);
  const profile = { id: 'simulation', version: 0, definition };
  const tally = new SimulationTally(kind, gateways, rates);
  const chunkAfter = (after: PaymentCursor | null) => {
    const read = findPastPayments(db, kind, {
      currency: input.currency,
      since,
      until,
      scope: input.scope,
      accountId: place.accountId,
      notRouted,
      after,
      limit: CHUNK,
    });
    // Awaited in its turn; a failure meanwhile (the decisions stopped first) is not unhandled.
    read.catch(() => undefined);
    return read;
  };
  // One set of inputs for every decision: the rates are read before the payment decided (`at`),
  // and only the gateway is wanted, not the words of why.
  let at = since;
  const inputs: RouteInputs = {
    profile,
    gateways: routeGateways,
    lookups: lookups.lookups,
    rateOf: (id, minutes) => rates.rateBefore(id, at, minutes),
    explain: false,
  };
  // The next chunk is read while this one is decided: the database and the decisions overlap.
  let next: Promise<PastPayment[]> | null = chunkAfter(null);
  while (next) {
    const chunk: PastPayment[] = await next;
    const last = chunk.at(-1);
    next = last && chunk.length === CHUNK ? chunkAfter({ at: last.created_at, id: last.id }) : null;
    if (!chunk.length) break;
    await lookups.ensureZones(db, [...new Set(chunk.map((p) => p.merchant_account_id))]);
    for (const p of chunk) {
      at = p.created_at;
      const facts = {
        kind: input.direction,
        merchantId: p.merchant_account_id,
        resellerId: p.reseller_account_id,
        amount: p.amount,
        currency: input.currency,
        orderId: p.order_id,
        at: p.created_at,
      };
      const decision = decideRoute(facts, `${p.merchant_account_id}:${p.order_id}`, inputs);
      tally.add(p, decision.gatewayId);
    }
  }
  return tally.result(input.currency, since, until);
}
