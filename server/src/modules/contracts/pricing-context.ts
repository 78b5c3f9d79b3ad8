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

/**
 * The merchant, gateway and contract that price one movement; a gateway-bound contract sends
 * it to that gateway. Bad input when the merchant has no contract in the currency.
 */
function resolvePricing(
  ctx: PricingContext,
  merchantId: string,
  currency: string,
  at: Date,
  spreadKey: string,
  needsGateway: boolean,
): { merchant: MerchantInfo; gateway: GatewayRow | null; contract: ContractRecord } {
  const merchant = ctx.merchants.get(merchantId);
  if (!merchant) throw badInput('Only a merchant account can move money');
  const general = pickContract(ctx.contracts, merchantId, currency, null, at);
  const hasAny = ctx.contracts.some(
    (c) =>
      c.merchant_account_id === merchantId && c.currency === currency && c.effective_from <= at,
  );
  if (!hasAny) throw badInput(`currency: there is no contract in ${currency} for this merchant`);
  const candidates = ctx.gateways.filter((g) => g.currency === currency);
  let gateway: GatewayRow | null = null;
  if (needsGateway) {
    const bound = ctx.contracts.find(
      (c) =>
        c.merchant_account_id === merchantId &&
        c.currency === currency &&
        c.gateway_id &&
        c.effective_from <= at,
    );
    gateway = (bound && candidates.find((g) => g.id === bound.gateway_id)) || null;
    if (!gateway && candidates.length) gateway = candidates[spread(spreadKey, candidates.length)]!;
    if (!gateway) throw conflict(`No payment gateway is active for ${currency}`);
  }
  const contract =
    pickContract(ctx.contracts, merchantId, currency, gateway?.id ?? null, at) ?? general;
  if (!contract) throw badInput(`currency: there is no contract in ${currency} for this merchant`);
  return { merchant, gateway, contract };
}

/** A new movement to price: whose, in which currency, how much, when. */
export interface MovementToPrice {
  readonly id?: string;
  readonly merchantId: string;
  readonly currency: string;
  readonly amount: bigint;
  readonly createdAt: Date;
}

/** One priced movement: its id (its own or a new one), who and what priced it, and the split. */
export interface PricedMovement<T extends MovementToPrice> {
  readonly item: T;
  readonly id: string;
  readonly merchant: MerchantInfo;
  readonly gateway: GatewayRow | null;
  readonly contract: ContractRecord;
  readonly split: FeeSplit;
}

/**
 * Prices a batch of new movements of one kind with one read of the pricing data: the gateway
 * (when `throughGateway` says the item goes through one), the contract in force at its time
 * and the fee split. Also gives the codes of the gateways involved, for the rollups.
 */
export async function priceNewMovements<T extends MovementToPrice>(
  db: Queryable,
  items: readonly T[],
  movement: Movement,
  throughGateway: (item: T) => boolean,
): Promise<{ priced: PricedMovement<T>[]; gatewayCodes: Map<string, string> }> {
  const ctx = await loadPricingContext(
    db,
    items.map((i) => i.merchantId),
    items.map((i) => i.currency),
  );
  const priced = items.map((item) => {
    const id = item.id ?? randomUUID();
    const { merchant, gateway, contract } = resolvePricing(
      ctx,
      item.merchantId,
      item.currency,
      item.createdAt,
      id,
      throughGateway(item),
    );
    const split = priceMovement(
      item.amount,
      contract,
      movement,
      merchant.reseller_account_id !== null,
      gateway,
    );
    return { item, id, merchant, gateway, contract, split };
  });
  const gatewayCodes = new Map(ctx.gateways.map((g) => [g.id, g.payment_gateway_code]));
  return { priced, gatewayCodes };
}
