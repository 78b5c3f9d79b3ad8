import { z } from 'zod';
import { RULES } from '../access';
import {
  ROUTING_DIRECTIONS,
  ROUTING_SCOPES,
  type RoutingDirection,
} from '../routing/profile-schema';
import { defineCall, emptyRequest, formInt, formOptionalText, formText } from './define';
import { instantText } from './list';
import { formCurrency, formOptionalCurrency } from './money-fields';
import { settingChangeRow } from './setting-changes';

/**
 * Gateway routing (issue 43; docs/routing.md): the profiles in force and the changes of them
 * waiting for a second admin. A profile is one per scope (the platform, a reseller for its
 * merchants, one merchant), currency and direction; the most specific one routes.
 */
export const routingProfileRow = z.object({
  id: z.string(),
  direction: z.enum(ROUTING_DIRECTIONS),
  currency: z.string(),
  scope: z.enum(ROUTING_SCOPES),
  /** The reseller's or merchant's account code; empty for the platform's profile. */
  account_code: z.string(),
  version: z.number().int(),
  active: z.boolean(),
  /** The definition in force, as canonical JSON (`readRoutingProfile` reads it). */
  definition: z.string(),
  updated_at: instantText,
});
export type RoutingProfileRow = z.infer<typeof routingProfileRow>;

export const routingProfiles = z.object({
  rows: z.array(routingProfileRow),
  pending_changes: z.array(settingChangeRow),
});
export type RoutingProfiles = z.infer<typeof routingProfiles>;

/** Every routing profile, by direction, currency and scope, and the changes waiting. */
export const getRoutingProfiles = defineCall({
  name: 'getRoutingProfiles',
  request: emptyRequest,
  response: routingProfiles,
  rule: RULES.administrator,
});

/**
 * Asks to put a routing profile in force (a new version of the one at its place, or the first):
 * `definition` is its JSON, checked as on save (each part named when wrong; every gateway it
 * names an active one of its currency); `active` "false" switches it off, so the next less
 * specific profile routes. It waits for a second admin as every guarded setting does
 * (docs/security.md, Guarded settings), with the `reason` they read. The profile in force,
 * unchanged, is a 409.
 */
export const setRoutingProfile = defineCall({
  name: 'setRoutingProfile',
  request: z.object({
    direction: z.enum(ROUTING_DIRECTIONS, {
      error: `must be one of ${ROUTING_DIRECTIONS.join(', ')}`,
    }),
    currency: formCurrency,
    scope: z.enum(ROUTING_SCOPES, { error: `must be one of ${ROUTING_SCOPES.join(', ')}` }),
    /** The reseller's or merchant's account code (not for the platform's profile). */
    accountCode: formOptionalText(40),
    definition: formText(20_000),
    active: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
    reason: formText(300),
  }),
  response: routingProfiles,
  rule: RULES.administrator,
});

/** How far back the live view looks (issue 43, "Live view"): the last hour. */
export const ROUTING_LIVE_MINUTES = 60;

/**
 * One gateway in the live view: its share of its currency's pay-ins and pay-outs created in
 * the window, their success rates (of the finished ones; null with none finished), and what its
 * deposit can still take for pay-outs. Shares and rates are percentages with two decimals.
 */
export const routingLiveGateway = z.object({
  id: z.string(),
  payment_gateway_code: z.string(),
  currency: z.string(),
  status: z.string(),
  payins: z.number().int(),
  payin_share: z.string().nullable(),
  payin_success_rate: z.string().nullable(),
  payouts: z.number().int(),
  payout_share: z.string().nullable(),
  payout_success_rate: z.string().nullable(),
  deposit_balance: z.string(),
  /** What the pay-outs and refunds in flight there will take of its deposit. */
  in_flight: z.string(),
  /** The deposit less what is in flight: what new pay-outs may take (docs/routing.md). */
  deposit_headroom: z.string(),
  payouts_queued: z.number().int(),
});
export type RoutingLiveGateway = z.infer<typeof routingLiveGateway>;

/**
 * A profile that routed payments in the window, with how many and how many by fallback; a
 * `version` of null counts the decisions routing could not make (its data unreadable).
 */
export const routingLiveProfile = z.object({
  direction: z.enum(ROUTING_DIRECTIONS),
  currency: z.string(),
  scope: z.enum(ROUTING_SCOPES).nullable(),
  account_code: z.string(),
  version: z.number().int().nullable(),
  decisions: z.number().int(),
  by_fallback: z.number().int(),
});
export type RoutingLiveProfile = z.infer<typeof routingLiveProfile>;

/** The monitoring page's live routing view: per gateway, and the profiles that drove it. */
export const getRoutingLive = defineCall({
  name: 'getRoutingLive',
  request: z.object({ currency: formOptionalCurrency }),
  response: z.object({
    generated_at: instantText,
    window_minutes: z.number().int(),
    gateways: z.array(routingLiveGateway),
    profiles: z.array(routingLiveProfile),
  }),
  rule: RULES.administrator,
});

/** The longest history a simulation replays (issue 43, "Simulation"): 30 days. */
export const ROUTING_SIMULATION_MAX_DAYS = 30;
/** The directions whose profiles can be simulated: both (docs/routing.md, "Simulation"). */
export const ROUTING_SIMULATED_DIRECTIONS = [
  'payin',
  'payout',
] as const satisfies readonly RoutingDirection[];
export type SimulatedDirection = (typeof ROUTING_SIMULATED_DIRECTIONS)[number];
export const isSimulatedDirection = (d: RoutingDirection): d is SimulatedDirection =>
  (ROUTING_SIMULATED_DIRECTIONS as readonly RoutingDirection[]).includes(d);

/**
 * One gateway in a simulation: what actually happened over the period (payments of the
 * profile's direction, share, success rate of the finished ones, the gateway cost charged)
 * beside what the profile would have done (payments, share, the success rate expected from the
 * gateway's observed rate in the same hours, the cost at the gateway's rates). Percentages have
 * two decimals; amounts are decimal strings.
 */
export const routingSimulationGateway = z.object({
  payment_gateway_code: z.string(),
  actual_payments: z.number().int(),
  actual_share: z.string().nullable(),
  actual_success_rate: z.string().nullable(),
  actual_cost: z.string(),
  simulated_payments: z.number().int(),
  simulated_share: z.string().nullable(),
  expected_success_rate: z.string().nullable(),
  simulated_cost: z.string(),
});
export type RoutingSimulationGateway = z.infer<typeof routingSimulationGateway>;

export const routingSimulation = z.object({
  from: instantText,
  to: instantText,
  /**
   * The payments of the period (pay-ins or pay-outs, the profile's direction) the profile would
   * have routed: its scope's, none whose contract binds a gateway, no in-house pay-out.
   */
  payments: z.number().int(),
  /** Of those, how many would have gone elsewhere than they did. */
  moved: z.number().int(),
  actual_success_rate: z.string().nullable(),
  expected_success_rate: z.string().nullable(),
  actual_cost: z.string(),
  simulated_cost: z.string(),
  gateways: z.array(routingSimulationGateway),
});
export type RoutingSimulation = z.infer<typeof routingSimulation>;

/**
 * Replays a profile over the last `days` (at most 30) before it is switched on: the pay-ins
 * or pay-outs it would have routed (its scope's, none whose contract binds a gateway, none a more
 * specific profile in force routes) go through the same decision intake makes, with each
 * gateway's success rates from its observed hours. Nothing is saved. The definition is checked
 * as on save.
 */
export const simulateRoutingProfile = defineCall({
  name: 'simulateRoutingProfile',
  request: z.object({
    direction: z.enum(ROUTING_SIMULATED_DIRECTIONS, {
      error: `must be one of ${ROUTING_SIMULATED_DIRECTIONS.join(', ')}`,
    }),
    currency: formCurrency,
    scope: z.enum(ROUTING_SCOPES, { error: `must be one of ${ROUTING_SCOPES.join(', ')}` }),
    accountCode: formOptionalText(40),
    definition: formText(20_000),
    days: formInt(1, ROUTING_SIMULATION_MAX_DAYS).default(ROUTING_SIMULATION_MAX_DAYS),
  }),
  response: routingSimulation,
  rule: RULES.administrator,
});
