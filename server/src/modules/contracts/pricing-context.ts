import { randomUUID } from 'node:crypto';
import type { FeeSplit } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, conflict } from '../../core/app-error';
import { findActiveGateways, onGatewayChange, type GatewayRow } from '../gateways/gateways.service';
import { pickContract, priceMovement, type Movement } from './contract-rates';
import { findContractsOfMerchant, type ContractRecord } from './contracts.queries';

export interface MerchantInfo {
  id: string;
  reseller_account_id: string | null;
}

/** What pricing a batch of movements needs, read once: merchants, contracts, active gateways. */
export interface PricingContext {
  merchants: Map<string, MerchantInfo>;
  contracts: ContractRecord[];
  gateways: GatewayRow[];
}

interface CachedMerchant {
  at: number;
  info: MerchantInfo | null;
  contracts: ContractRecord[];
  gateways: GatewayRow[];
}

/**
 * Pricing data changes rarely and is read on every pay-in, so it is kept per merchant for a
 * short while. Contract and gateway writes in this process drop it at once; another server
 * instance sees them within `PRICING_CACHE_MS`. Merchant ids are uuids, unique across databases.
 */
export const PRICING_CACHE_MS = 2_000;
const cache = new Map<string, CachedMerchant>();

/** Forgets cached pricing (after a contract or gateway change). */
export function forgetPricing(): void {
  cache.clear();
}
onGatewayChange(forgetPricing);

async function readMerchant(db: Queryable, merchantId: string): Promise<CachedMerchant> {
  const { rows } = await db.query<
    MerchantInfo & { account_type: string; parent_account_id: string | null }
  >('SELECT id, reseller_account_id, account_type, parent_account_id FROM accounts WHERE id = $1', [
    merchantId,
  ]);
  const r = rows[0];
  const info =
    r && r.account_type === 'merchant' && !r.parent_account_id
      ? { id: r.id, reseller_account_id: r.reseller_account_id }
      : null;
  const contracts = info ? await findContractsOfMerchant(db, merchantId) : [];
  const gateways = contracts.length
    ? await findActiveGateways(db, [...new Set(contracts.map((c) => c.currency))])
    : [];
  return { at: Date.now(), info, contracts, gateways };
}

/** Reads (or recalls) the merchants, their contracts and the active gateways of their currencies. */
async function loadPricingContext(
  db: Queryable,
  merchantIds: readonly string[],
  _currencies: readonly string[],
): Promise<PricingContext> {
  const merchants = new Map<string, MerchantInfo>();
  const contracts: ContractRecord[] = [];
  const gateways = new Map<string, GatewayRow>();
  for (const id of new Set(merchantIds)) {
    let entry = cache.get(id);
    if (!entry || Date.now() - entry.at > PRICING_CACHE_MS) {
      entry = await readMerchant(db, id);
      if (cache.size > 10_000) cache.clear();
      cache.set(id, entry);
    }
    if (entry.info) merchants.set(id, entry.info);
    contracts.push(...entry.contracts);
    for (const g of entry.gateways) gateways.set(g.id, g);
  }
  return {
    merchants,
    contracts,
    gateways: [...gateways.values()].sort((a, b) =>
      a.payment_gateway_code < b.payment_gateway_code ? -1 : 1,
    ),
  };
}

/**
 * The merchants of `merchantIds` as pricing knows them (their reseller), from its cache: what
 * risk controls read of a pay-in's owner before it is priced, at no cost of their own.
 */
export async function merchantInfoOf(
  db: Queryable,
  merchantIds: readonly string[],
): Promise<Map<string, MerchantInfo>> {
  return (await loadPricingContext(db, merchantIds, [])).merchants;
}

/** A stable pick among active gateways, so a merchant's traffic spreads over them. */
function spread(key: string, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % n;
}

/** What routing reads of a movement that goes through a gateway (issue 43). */
export interface RouteFacts {
  readonly merchantId: string;
  readonly resellerId: string | null;
  readonly amount: bigint;
  readonly currency: string;
  readonly at: Date;
}

/** A routing decision as pricing needs it: the gateway chosen (null: none could be). */
export interface RouteChoice {
  readonly gatewayId: string | null;
}

/** A batch's router: its choice for one movement among the active gateways; null when none applies. */
export type BatchRouter<R extends RouteChoice> = (
  facts: RouteFacts,
  routeKey: string,
  activeIds: ReadonlySet<string>,
) => R | null;

/**
 * Routing as pricing calls it (the routing module gives it, so pricing imports nothing of
 * it): reads what a batch's routing needs, once, and answers its router; null when no profile
 * applies to the batch (nothing more is done per movement).
 */
export type Routing<R extends RouteChoice> = (
  db: Queryable,
  facts: readonly RouteFacts[],
) => Promise<BatchRouter<R> | null>;

/** Routes a movement among the currency's active gateways; null when no profile applies. */
type RouteOf<R extends RouteChoice> = (active: readonly GatewayRow[]) => R | null;

/**
 * The gateway of one movement: its contract's bound gateway when it names an active one, else
 * the routing profile's choice (issue 43), else a stable spread over the active gateways.
 */
function pickGateway<R extends RouteChoice>(
  ctx: PricingContext,
  merchantId: string,
  currency: string,
  at: Date,
  spreadKey: string,
  routeOf: RouteOf<R>,
): { gateway: GatewayRow; route: R | null } {
  const candidates = ctx.gateways.filter((g) => g.currency === currency);
  const bound = ctx.contracts.find(
    (c) =>
      c.merchant_account_id === merchantId &&
      c.currency === currency &&
      c.gateway_id &&
      c.effective_from <= at,
  );
  const boundGateway = bound && candidates.find((g) => g.id === bound.gateway_id);
  if (boundGateway) return { gateway: boundGateway, route: null };
  const route = routeOf(candidates);
  const routed = route && candidates.find((g) => g.id === route.gatewayId);
  if (routed) return { gateway: routed, route };
  if (!candidates.length) throw conflict(`No payment gateway is active for ${currency}`);
  // No profile applies (route null), or routing could not decide: the spread picks, and a
  // decision that could not choose is kept with the gateway it went to.
  return { gateway: candidates[spread(spreadKey, candidates.length)]!, route };
}

/**
 * The merchant, gateway and contract that price one movement (`routeOf` set when it goes
 * through a gateway). Bad input when the merchant has no contract in the currency.
 */
function resolvePricing<R extends RouteChoice>(
  ctx: PricingContext,
  merchantId: string,
  currency: string,
  at: Date,
  spreadKey: string,
  routeOf: RouteOf<R> | null,
): {
  merchant: MerchantInfo;
  gateway: GatewayRow | null;
  contract: ContractRecord;
  route: R | null;
} {
  const merchant = ctx.merchants.get(merchantId);
  if (!merchant) throw badInput('Only a merchant account can move money');
  const general = pickContract(ctx.contracts, merchantId, currency, null, at);
  const hasAny = ctx.contracts.some(
    (c) =>
      c.merchant_account_id === merchantId && c.currency === currency && c.effective_from <= at,
  );
  if (!hasAny) throw badInput(`currency: there is no contract in ${currency} for this merchant`);
  const { gateway, route } = routeOf
    ? pickGateway(ctx, merchantId, currency, at, spreadKey, routeOf)
    : { gateway: null, route: null as R | null };
  const contract =
    pickContract(ctx.contracts, merchantId, currency, gateway?.id ?? null, at) ?? general;
  if (!contract) throw badInput(`currency: there is no contract in ${currency} for this merchant`);
  return { merchant, gateway, contract, route };
}

/**
 * What routing reads of a movement (null for a merchant pricing refuses). Which kinds are
 * routed is their own service's to say: it passes `routing`, or not.
 */
function routeFactsOf(ctx: PricingContext, item: MovementToPrice): RouteFacts | null {
  const merchant = ctx.merchants.get(item.merchantId);
  if (!merchant) return null;
  return {
    merchantId: item.merchantId,
    resellerId: merchant.reseller_account_id,
    amount: item.amount,
    currency: item.currency,
    at: item.createdAt,
  };
}

/** The router of a batch's movements that go through a gateway (no read without routing). */
async function routerOfBatch<T extends MovementToPrice, R extends RouteChoice>(
  db: Queryable,
  ctx: PricingContext,
  items: readonly T[],
  throughGateway: (item: T) => boolean,
  routing: Routing<R> | undefined,
): Promise<BatchRouter<R> | null> {
  if (!routing) return null;
  const facts = items
    .filter(throughGateway)
    .map((item) => routeFactsOf(ctx, item))
    .filter((f): f is RouteFacts => f !== null);
  return facts.length ? routing(db, facts) : null;
}

/** A new movement to price: whose, in which currency, how much, when. */
export interface MovementToPrice {
  readonly id?: string;
  readonly merchantId: string;
  readonly currency: string;
  readonly amount: bigint;
  readonly createdAt: Date;
  /**
   * The merchant's order id: what a retry of the same payment repeats, so routing keys it by
   * merchant and order id and sends it where the first try went (its id when it has none).
   */
  readonly orderId?: string;
}

/** One priced movement: its id (its own or a new one), who and what priced it, and the split. */
export interface PricedMovement<T extends MovementToPrice, R extends RouteChoice = RouteChoice> {
  readonly item: T;
  readonly id: string;
  readonly merchant: MerchantInfo;
  readonly gateway: GatewayRow | null;
  readonly contract: ContractRecord;
  readonly split: FeeSplit;
  /** How routing chose its gateway (issue 43); null when no profile routed it. */
  readonly route: R | null;
}

/**
 * Prices a batch of new movements of one kind with one read of the pricing data: the gateway
 * (when `throughGateway` says the item goes through one; `routing` picks it when given and a
 * profile applies), the contract in force at its time and the fee split. Also gives the codes
 * of the gateways involved, for the rollups.
 */
export async function priceNewMovements<T extends MovementToPrice, R extends RouteChoice = never>(
  db: Queryable,
  items: readonly T[],
  movement: Movement,
  throughGateway: (item: T) => boolean,
  routing?: Routing<R>,
): Promise<{ priced: PricedMovement<T, R>[]; gatewayCodes: Map<string, string> }> {
  const ctx = await loadPricingContext(
    db,
    items.map((i) => i.merchantId),
    items.map((i) => i.currency),
  );
  const router = await routerOfBatch(db, ctx, items, throughGateway, routing);
  // The active gateways' ids of each currency, made once a batch for the router.
  const activeIds = new Map<string, ReadonlySet<string>>();
  const activeIdsOf = (currency: string, active: readonly GatewayRow[]) => {
    let ids = activeIds.get(currency);
    if (!ids) activeIds.set(currency, (ids = new Set(active.map((g) => g.id))));
    return ids;
  };
  const priced = items.map((item) => {
    const id = item.id ?? randomUUID();
    const { merchant, gateway, contract, route } = resolvePricing(
      ctx,
      item.merchantId,
      item.currency,
      item.createdAt,
      id,
      throughGateway(item)
        ? (active) => {
            const facts = router && routeFactsOf(ctx, item);
            if (!router || !facts) return null;
            const routeKey = item.orderId === undefined ? id : `${item.merchantId}:${item.orderId}`;
            return router(facts, routeKey, activeIdsOf(item.currency, active));
          }
        : null,
    );
    const split = priceMovement(
      item.amount,
      contract,
      movement,
      merchant.reseller_account_id !== null,
      gateway,
    );
    return { item, id, merchant, gateway, contract, split, route };
  });
  const gatewayCodes = new Map(ctx.gateways.map((g) => [g.id, g.payment_gateway_code]));
  return { priced, gatewayCodes };
}
