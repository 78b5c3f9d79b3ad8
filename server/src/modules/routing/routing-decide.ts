import type {
  RoutingProfileDefinition,
  RoutingReason,
  RoutingSkippedWhy,
  RoutingStep,
  SuccessRateStep,
} from '@bo/contract';
import { requestConditionOf } from '../risk/risk-evaluate';
import type { IntakeFacts, RiskLookups } from '../risk/risk-types';

/*
 * The routing decision (issue 43; docs/routing.md): a pure function of the request, the
 * profile in force, the gateways of the currency and their success rates, with no clock but
 * the request's own and no randomness but a hash of the request's route key, so the same
 * inputs give the same gateway (a retry lands where the first try did, and a simulation
 * replays intake exactly).
 */

/** A gateway of the payment's currency, as routing sees it. */
export interface RouteGateway {
  readonly id: string;
  readonly code: string;
  readonly active: boolean;
}

/** A gateway's finished pay-ins in a window, and how many of them succeeded. */
export interface GatewayRate {
  readonly attempts: number;
  readonly successes: number;
}

/** The profile that routes a payment: its id, version and definition. */
export interface ProfileInForce {
  readonly id: string;
  readonly version: number;
  readonly definition: RoutingProfileDefinition;
}

/** Why a step chose what it chose, as language-neutral parts (`routing.reasons.<key>`). */
export interface RouteReason {
  readonly key: RoutingReason['key'];
  readonly values: Readonly<Record<string, string>>;
}

/** A candidate as the decision saw it: its status, and its success rate when a step read one. */
export interface RouteCandidate {
  readonly code: string;
  readonly status: 'active' | 'inactive';
  readonly success_rate?: string;
  readonly attempts?: number;
  readonly chosen: boolean;
}

export interface RouteDecision {
  /**
   * The gateway chosen; null when no gateway of the currency is active, or when routing could
   * not decide (`unavailable`: pricing's own default then picks, and the decision says so).
   */
  readonly gatewayId: string | null;
  /** The profile that routed; null when its data could not be read. */
  readonly profileId: string | null;
  readonly profileVersion: number | null;
  /** The chosen gateway was not the profile's first choice. */
  readonly byFallback: boolean;
  readonly reasons: readonly RouteReason[];
  readonly candidates: readonly RouteCandidate[];
}

export interface RouteInputs {
  readonly profile: ProfileInForce;
  /** Every gateway of the payment's currency, active or not, in code order. */
  readonly gateways: readonly RouteGateway[];
  /** A gateway's rate over the last `windowMinutes` before the request (undefined: none known). */
  rateOf(gatewayId: string, windowMinutes: number): GatewayRate | undefined;
  readonly lookups: RiskLookups;
  /**
   * Whether a gateway can take this payment now (a pay-out: its deposit, net of the pay-outs in
   * flight, covers the amount); absent, every gateway can.
   */
  covers?(gatewayId: string): boolean;
  /**
   * The gateways that refused this payment at hand-over (the fallback's routing again, issue
   * 43): never chosen, and named first in the reasons, why `refused`, whatever their place in
   * the order.
   */
  readonly refused?: ReadonlySet<string>;
  /**
   * False when only the gateway is wanted (a simulation replaying millions of payments): the
   * decision then has no candidates and no success-rate reason, whose words cost more than the
   * choice. Intake always explains.
   */
  readonly explain?: boolean;
}

/** A stable point in [0, 10 000) for a key and a salt: FNV-1a, then a final mix. */
export function routePoint(key: string, salt: string): number {
  let h = 2166136261;
  const text = `${salt}:${key}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) % 10_000;
}

const percentText = (rate: GatewayRate) => ((rate.successes * 100) / rate.attempts).toFixed(1);

interface Walk {
  order: RouteGateway[];
  readonly reasons: RouteReason[];
  readonly rated: Map<string, GatewayRate>;
}

function rulesStep(
  step: Extract<RoutingStep, { rules: unknown }>,
  at: number,
  walk: Walk,
  facts: IntakeFacts,
  inputs: RouteInputs,
): void {
  for (const [j, rule] of step.rules.entries()) {
    if (!requestConditionOf(rule.when)(facts, inputs.lookups)) continue;
    const byCode = new Map(inputs.gateways.map((g) => [g.code, g]));
    walk.order = rule.gateways.flatMap((code) => byCode.get(code) ?? []);
    walk.reasons.push({
      key: 'rule',
      values: { step: String(at + 1), rule: String(j + 1), gateways: rule.gateways.join(', ') },
    });
    return;
  }
  walk.reasons.push({ key: 'noRule', values: { step: String(at + 1) } });
}

function splitStep(
  step: Extract<RoutingStep, { split: unknown }>,
  at: number,
  walk: Walk,
  routeKey: string,
): void {
  const inOrder = new Set(walk.order.map((g) => g.code));
  const parts = step.split.filter((p) => inOrder.has(p.gateway));
  if (!parts.length) return;
  const total = parts.reduce((sum, p) => sum + p.percent, 0);
  const point = (routePoint(routeKey, `split${at}`) * total) / 10_000;
  let upTo = 0;
  const picked = parts.find((p) => point < (upTo += p.percent)) ?? parts.at(-1)!;
  walk.order = [
    ...walk.order.filter((g) => g.code === picked.gateway),
    ...walk.order.filter((g) => g.code !== picked.gateway),
  ];
  walk.reasons.push({
    key: 'split',
    values: { step: String(at + 1), percent: String(picked.percent), gateway: picked.gateway },
  });
}

function successRateStep(
  step: SuccessRateStep,
  at: number,
  walk: Walk,
  routeKey: string,
  inputs: RouteInputs,
): void {
  const scored = walk.order.map((g) => {
    const rate = inputs.rateOf(g.id, step.windowMinutes);
    if (rate) walk.rated.set(g.id, rate);
    const trusted = rate && rate.attempts >= step.minAttempts ? rate : undefined;
    return { g, rate: trusted };
  });
  // Trusted rates first, best first (ties keep the order so far); unrated after, in order.
  const ranked = [
    ...scored
      .filter((s) => s.rate)
      .sort((a, b) => b.rate!.successes * a.rate!.attempts - a.rate!.successes * b.rate!.attempts),
    ...scored.filter((s) => !s.rate),
  ];
  if (!ranked.length) return;
  const window = String(step.windowMinutes);
  const exploring =
    ranked.length > 1 && routePoint(routeKey, `explore${at}`) < step.explorePercent * 100;
  if (exploring) {
    const others = ranked.slice(1);
    const pick = others[routePoint(routeKey, `explorePick${at}`) % others.length]!;
    walk.order = [pick.g, ...ranked.filter((s) => s !== pick).map((s) => s.g)];
    walk.reasons.push({
      key: 'explore',
      values: { step: String(at + 1), percent: String(step.explorePercent), gateway: pick.g.code },
    });
    return;
  }
  walk.order = ranked.map((s) => s.g);
  if (inputs.explain === false) return;
  const [best, next] = ranked;
  if (!best!.rate) {
    walk.reasons.push({ key: 'unrated', values: { step: String(at + 1), window } });
    return;
  }
  walk.reasons.push({
    key: 'successRate',
    values: {
      step: String(at + 1),
      window,
      gateway: best!.g.code,
      rate: percentText(best!.rate),
      next: next?.rate ? `${next.g.code} ${percentText(next.rate)}` : '',
    },
  });
}

/** Why routing could not decide: its data could not be read, or a profile's definition. */
export type UnavailableWhy = 'read' | 'definition';

/**
 * The decision when routing's data could not be read (issue 43, "Failure"): no gateway of its
 * own (pricing's default picks: the contract's bound gateway, else the spread over the active
 * ones), said as a fallback with its reason; never a refusal of the payment.
 */
export function unavailableDecision(
  why: UnavailableWhy,
  profile: { id: string; version: number } | null = null,
): RouteDecision {
  return {
    gatewayId: null,
    profileId: profile?.id ?? null,
    profileVersion: profile?.version ?? null,
    byFallback: true,
    reasons: [{ key: 'unavailable', values: { why } }],
    candidates: [],
  };
}

/** A gateway passed over, and why. */
const skippedReason = (g: RouteGateway, why: RoutingSkippedWhy): RouteReason => ({
  key: 'skipped',
  values: { gateway: g.code, why },
});

/**
 * Routes one payment: every step of the profile in turn narrows or reorders the gateways (a
 * rule that holds keeps its list, a split puts its pick first, success rates sort), then the
 * first active gateway of that order is chosen; one the steps left out is a fallback.
 */
export function decideRoute(
  facts: IntakeFacts,
  routeKey: string,
  inputs: RouteInputs,
): RouteDecision {
  const walk: Walk = { order: [...inputs.gateways], reasons: [], rated: new Map() };
  inputs.profile.definition.steps.forEach((step, at) => {
    if ('rules' in step) rulesStep(step, at, walk, facts, inputs);
    else if ('split' in step) splitStep(step, at, walk, routeKey);
    else successRateStep(step.successRate, at, walk, routeKey, inputs);
  });
  const first = walk.order[0];
  const covers = (g: RouteGateway) => inputs.covers?.(g.id) ?? true;
  const refused = (g: RouteGateway) => inputs.refused?.has(g.id) ?? false;
  const usable = (g: RouteGateway) => g.active && !refused(g) && covers(g);
  // The refusals came first: they open the reasons, wherever their gateways now stand.
  if (inputs.refused?.size)
    walk.reasons.unshift(
      ...inputs.gateways.filter(refused).map((g) => skippedReason(g, 'refused')),
    );
  let chosen = walk.order.find(usable);
  for (const g of walk.order) {
    if (g === chosen) break;
    if (!refused(g)) walk.reasons.push(skippedReason(g, g.active ? 'headroom' : 'inactive'));
  }
  if (!chosen) {
    chosen = inputs.gateways.find(usable);
    if (chosen) walk.reasons.push({ key: 'fallback', values: { gateway: chosen.code } });
  }
  if (!chosen) {
    // No active gateway can take it now: the profile's first active choice, where it waits.
    const open = (g: RouteGateway) => g.active && !refused(g);
    chosen = walk.order.find(open) ?? inputs.gateways.find(open);
    if (chosen && inputs.covers)
      walk.reasons.push({ key: 'noHeadroom', values: { gateway: chosen.code } });
  }
  return {
    gatewayId: chosen?.id ?? null,
    profileId: inputs.profile.id,
    profileVersion: inputs.profile.version,
    byFallback: chosen !== undefined && chosen !== first,
    reasons: walk.reasons,
    candidates: (inputs.explain === false ? [] : inputs.gateways).map((g) => {
      const rate = walk.rated.get(g.id);
      return {
        code: g.code,
        status: g.active ? 'active' : 'inactive',
        ...(rate && rate.attempts > 0
          ? { success_rate: percentText(rate), attempts: rate.attempts }
          : {}),
        chosen: g === chosen,
      };
    }),
  };
}
