import {
  PAYIN_KIND,
  readRoutingProfile,
  type RoutingDirection,
  type RoutingScope,
} from '@bo/contract';
import { databaseKeyOf, readOrElse, type Queryable } from '../../db/db';
import { recordRoutingDecision, recordRoutingUnavailable } from '../../http/metrics';
import { onGatewayChange } from '../gateways/gateways.service';
import { findOutcomeCounts } from '../gateway-health/gateway-health.service';
import { loadConditionLookups, type RuleLookups } from '../risk/risk-context';
import type { IntakeFacts } from '../risk/risk-types';
import type { RiskRuleKind } from '@bo/contract';
import type { RouteFacts, Routing } from '../contracts/pricing-context';
import {
  decideRoute,
  type GatewayRate,
  type ProfileInForce,
  type RouteDecision,
  type RouteGateway,
  unavailableDecision,
} from './routing-decide';
import { rateOf, tallyStatuses, type GatewayCounts } from './gateway-counts';

/**
 * What intake routes with, held in memory per database (`databaseKeyOf`: pricing runs in the
 * batch's transaction, a new object each time; risk's and pricing's pattern otherwise): the
 * active profiles at their current versions, every gateway's code and currency, and what the
 * profiles' conditions read. Every `CHECK_MS` one cheap read of the profiles' and gateways'
 * versions says whether to reload; a change this process makes drops it at once. Success rates
 * are read from the pay-ins themselves (no counter row) at most once per `RATE_MS` per
 * currency and window: what two server instances share is the pay-ins table.
 */
const CHECK_MS = 2_000;
export const RATE_MS = 5_000;

interface ProfileRow {
  id: string;
  scope: RoutingScope;
  account_id: string | null;
  currency: string;
  direction: RoutingDirection;
  current_version: number;
  definition: unknown;
}

interface GatewayInfo {
  id: string;
  code: string;
  currency: string;
}

/** A profile whose definition no longer reads (a payment it would route says so). */
interface UnreadableProfile {
  readonly id: string;
  readonly version: number;
  readonly unreadable: true;
}

type ProfileEntry = ProfileInForce | UnreadableProfile;
const isReadable = (p: ProfileEntry | undefined): p is ProfileInForce =>
  p !== undefined && !('unreadable' in p);

interface Loaded {
  readonly fingerprint: string;
  readonly profiles: Map<string, ProfileEntry>;
  readonly gateways: readonly GatewayInfo[];
  readonly lookups: RuleLookups;
  checkedAt: number;
}

interface Slot {
  current?: Loaded;
  loading?: Promise<Loaded>;
  readonly rates: Map<string, { at: number; rates: Map<string, GatewayRate> }>;
}

const slots = new WeakMap<object, Slot>();
let generation = 0;
let forgottenAt = 0;
/**
 * How long after a forget a load is not trusted for `CHECK_MS`: the change that forgot is
 * usually still in its transaction, so a load before its commit reads the old rows.
 */
const SETTLE_MS = 1_000;

/**
 * Drops every loaded routing context (a profile or a gateway changed in this process). Called
 * inside the changing transaction, before it commits: what is loaded within `SETTLE_MS` after
 * has its fingerprint checked again on the next use (`checkedAtOf`), so it cannot stay stale.
 */
export function forgetRouting(): void {
  generation += 1;
  forgottenAt = Date.now();
}

/** When a load or check started at `started` counts as checked (0: check again next time). */
const checkedAtOf = (started: number) => (started - forgottenAt < SETTLE_MS ? 0 : started);
onGatewayChange(forgetRouting);

const profileKey = (direction: string, currency: string, scope: string, accountId: string | null) =>
  `${direction}:${currency}:${scope}:${accountId ?? ''}`;

async function fingerprintOf(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ f: string }>(
    `SELECT (SELECT count(*) || ':' || coalesce(sum(current_version), 0) || ':' || coalesce(max(updated_at)::text, '')
               FROM routing_profiles)
         || '/' ||
           (SELECT count(*) || ':' || coalesce(max(status_changed_at)::text, '') FROM payment_gateways) AS f`,
  );
  return `${generation}/${rows[0]!.f}`;
}

async function load(db: Queryable, fingerprint: string): Promise<Loaded> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT p.id, p.scope, p.account_id, p.currency, p.direction, p.current_version, v.definition
       FROM routing_profiles p
       JOIN routing_profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
      WHERE p.active`,
  );
  const profiles = new Map<string, ProfileEntry>();
  for (const r of rows) {
    const read = readRoutingProfile(r.definition);
    const entry = { id: r.id, version: r.current_version };
    profiles.set(
      profileKey(r.direction, r.currency, r.scope, r.account_id),
      read.ok ? { ...entry, definition: read.definition } : { ...entry, unreadable: true },
    );
  }
  const { rows: gateways } = await db.query<GatewayInfo>(
    'SELECT id, payment_gateway_code AS code, currency FROM payment_gateways ORDER BY payment_gateway_code, id',
  );
  const whens = [...profiles.values()]
    .filter(isReadable)
    .flatMap((p) =>
      p.definition.steps.flatMap((s) => ('rules' in s ? s.rules.map((r) => r.when) : [])),
    );
  const lookups = await loadConditionLookups(db, whens, new Date());
  return { fingerprint, profiles, gateways, lookups, checkedAt: Date.now() };
}

async function loadedOf(db: Queryable, slot: Slot): Promise<Loaded> {
  for (let attempt = 0; ; attempt++) {
    const current = slot.current;
    const now = Date.now();
    if (
      current &&
      now - current.checkedAt < CHECK_MS &&
      current.fingerprint.startsWith(`${generation}/`)
    )
      return current;
    slot.loading ??= (async () => {
      try {
        const fingerprint = await fingerprintOf(db);
        if (current && current.fingerprint === fingerprint) {
          current.checkedAt = checkedAtOf(now);
          return current;
        }
        const loaded = await load(db, fingerprint);
        loaded.checkedAt = checkedAtOf(now);
        return loaded;
      } finally {
        slot.loading = undefined;
      }
    })();
    const loaded = (slot.current = await slot.loading);
    // A load joined from before a forget is of the old generation: load again (once or twice).
    if (loaded.fingerprint.startsWith(`${generation}/`) || attempt >= 2) return loaded;
  }
}

/**
 * A kind's counts per gateway over a window: its payments created from `since` to `until`, how
 * many a gateway finished and how many succeeded, by the kind's `gatewayJudged` rule (its
 * service gives the reader; success-rate steps and the live view read it).
 */
export type OutcomeReader = (
  db: Queryable,
  gatewayIds: readonly string[],
  since: Date,
  until: Date,
) => Promise<Map<string, GatewayCounts>>;

/**
 * A routed kind as its own service describes it (`payins`, `payouts`): its direction, and
 * where its gateways' finished payments are counted for a success-rate step (a kind without
 * it has no rates: that step keeps the order).
 */
export interface RoutedKind {
  readonly direction: RoutingDirection;
  readonly kind: RiskRuleKind;
  readonly outcomes?: OutcomeReader;
  /**
   * What each gateway can still take of this kind (a pay-out: its deposit less the pay-outs in
   * flight), and what a payment would take of it: a gateway whose headroom does not cover that
   * is skipped (`headroom`). Read fresh for each batch; the kind's own admission, under a
   * lock, has the last word.
   */
  readonly headroom?: HeadroomReader;
}

/** A gateway's headroom, and what a payment of `amount` would take of it (a pay-out: + its cost). */
export interface GatewayHeadroom {
  readonly left: bigint;
  need(amount: bigint): bigint;
}

/** Each gateway's headroom, by id (a gateway left out has none). */
export type HeadroomReader = (
  db: Queryable,
  gatewayIds: readonly string[],
) => Promise<Map<string, GatewayHeadroom>>;

/** Pay-ins per gateway in a window, counted by the pay-in kind's rule (`gatewayJudged`). */
export const payinOutcomes: OutcomeReader = async (db, gatewayIds, since, until) =>
  tallyStatuses(
    PAYIN_KIND,
    (await findOutcomeCounts(db, gatewayIds, [since], until)).map((c) => ({
      gateway_id: c.gateway_id,
      status: c.status,
      n: c.counts[0]!,
    })),
  );

/** One payment to route: its facts (kind, owner, amount, currency, time) and its route key. */
export interface RouteRequest {
  readonly facts: IntakeFacts;
  readonly routeKey: string;
  /** The gateways that refused it at hand-over (the fallback routing it again): never chosen. */
  readonly refused?: ReadonlySet<string>;
}

/** Routes the payments of a batch, synchronously, once their profiles' data is read. */
export interface Router {
  /**
   * The decision for one payment, over the gateways `activeIds` names active; null when no
   * profile applies to it (the caller's own default picks).
   */
  route(request: RouteRequest, activeIds: ReadonlySet<string>): RouteDecision | null;
}

function profileOf(loaded: Loaded, direction: RoutingDirection, facts: IntakeFacts) {
  const { profiles } = loaded;
  return (
    profiles.get(profileKey(direction, facts.currency, 'merchant', facts.merchantId)) ??
    (facts.resellerId
      ? profiles.get(profileKey(direction, facts.currency, 'reseller', facts.resellerId))
      : undefined) ??
    profiles.get(profileKey(direction, facts.currency, 'platform', null))
  );
}

/** Success rates of `gateways` over the last `minutes`, from the kind's reader, kept `RATE_MS`. */
async function ratesOf(
  db: Queryable,
  slot: Slot,
  kind: RiskRuleKind,
  outcomes: OutcomeReader,
  currency: string,
  minutes: number,
  gateways: readonly string[],
): Promise<Map<string, GatewayRate>> {
  const key = `${kind}:${currency}:${minutes}`;
  const kept = slot.rates.get(key);
  const now = Date.now();
  if (kept && now - kept.at < RATE_MS) return kept.rates;
  const counts = await outcomes(db, gateways, new Date(now - minutes * 60_000), new Date(now));
  const rates = new Map([...counts].map(([id, c]) => [id, rateOf(c)]));
  slot.rates.set(key, { at: now, rates });
  return rates;
}

/**
 * The router for a batch of one direction: reads (or recalls) the profiles, then what the
 * profiles that apply need (merchants' zones, success rates); null, with no read, when no
 * profile applies to the batch.
 */
export async function routerFor(
  db: Queryable,
  routed: RoutedKind,
  facts: readonly IntakeFacts[],
): Promise<Router | null> {
  const { direction, kind, outcomes, headroom } = routed;
  const key = databaseKeyOf(db);
  let slot = slots.get(key);
  if (!slot) slots.set(key, (slot = { rates: new Map() }));
  const loaded = await loadedOf(db, slot);
  if (!loaded.profiles.size) return null;
  const applying = facts.map((f) => profileOf(loaded, direction, f));
  if (!applying.some(Boolean)) return null;
  await loaded.lookups.ensureZones(
    db,
    facts.filter((_, i) => applying[i]).map((f) => f.merchantId),
  );
  const gatewaysOf = (currency: string) => loaded.gateways.filter((g) => g.currency === currency);
  const rates = new Map<string, Map<string, GatewayRate>>();
  for (const [i, profile] of applying.entries()) {
    if (!isReadable(profile) || !outcomes) continue;
    const currency = facts[i]!.currency;
    for (const step of profile.definition.steps) {
      if (!('successRate' in step)) continue;
      const minutes = step.successRate.windowMinutes;
      const key = `${currency}:${minutes}`;
      if (!rates.has(key))
        rates.set(
          key,
          await ratesOf(
            db,
            slot,
            kind,
            outcomes,
            currency,
            minutes,
            gatewaysOf(currency).map((g) => g.id),
          ),
        );
    }
  }
  const left = headroom
    ? await headroom(
        db,
        [...new Set(facts.filter((_, i) => applying[i]).map((f) => f.currency))].flatMap((c) =>
          gatewaysOf(c).map((g) => g.id),
        ),
      )
    : undefined;
  return {
    route(request, activeIds) {
      const profile = profileOf(loaded, direction, request.facts);
      if (!profile) return null;
      if (!isReadable(profile)) {
        recordRoutingUnavailable('definition');
        return unavailableDecision('definition', profile);
      }
      const currency = request.facts.currency;
      const gateways: RouteGateway[] = gatewaysOf(currency).map((g) => ({
        id: g.id,
        code: g.code,
        active: activeIds.has(g.id),
      }));
      const { amount } = request.facts;
      const decision = decideRoute(request.facts, request.routeKey, {
        profile,
        gateways,
        lookups: loaded.lookups.lookups,
        rateOf: (id, minutes) => rates.get(`${currency}:${minutes}`)?.get(id),
        ...(request.refused && { refused: request.refused }),
        ...(left && {
          covers: (id: string) => {
            const room = left.get(id);
            return !!room && room.left >= room.need(amount);
          },
        }),
      });
      // The batch's later payments see what this one took.
      const room = decision.gatewayId ? left?.get(decision.gatewayId) : undefined;
      if (room && decision.gatewayId)
        left!.set(decision.gatewayId, { ...room, left: room.left - room.need(amount) });
      return decision;
    },
  };
}

/** A router for when routing's data could not be read: every payment says so. */
const UNAVAILABLE: Router = { route: () => unavailableDecision('read') };

/**
 * Routing as pricing takes it (`priceNewMovements`' `routing`): a batch's router in one
 * direction, its decisions kept with the movements (`routingDecisionWrites`). When routing's
 * data cannot be read, the batch is not refused: each payment goes where pricing's default
 * sends it, and its decision says routing was unavailable (`readOrElse` keeps the caller's
 * transaction usable). Each decision is timed with its batch's preparation
 * (`routing_decide_seconds`). `refused`: the gateways that refused the payments at hand-over
 * (the fallback routing them again), never chosen and named as refusing.
 */
export const gatewayRouting =
  (routed: RoutedKind, refused?: ReadonlySet<string>): Routing<RouteDecision> =>
  async (db, facts) => {
    const asIntake = (f: RouteFacts): IntakeFacts => ({ ...f, kind: routed.kind, orderId: null });
    const started = performance.now();
    const router = await readOrElse(
      db,
      (guarded) => routerFor(guarded, routed, facts.map(asIntake)),
      () => {
        recordRoutingUnavailable('read', facts.length);
        return UNAVAILABLE;
      },
    );
    if (!router) return null;
    const preparedMs = performance.now() - started;
    return (f, routeKey, activeIds) => {
      const from = performance.now();
      const decision = router.route({ facts: asIntake(f), routeKey, refused }, activeIds);
      if (decision) recordRoutingDecision((preparedMs + performance.now() - from) / 1000);
      return decision;
    };
  };
