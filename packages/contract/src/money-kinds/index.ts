import { PAYIN_KIND } from './payin';
import { PAYOUT_KIND } from './payout';
import { SETTLEMENT_KIND, SETTLEMENT_WALLET_KIND } from './settlement';
import { WITHDRAWAL_KIND } from './withdrawal';
import { TOP_UP_KIND } from './top-up';
import { REFUND_KIND } from './refund';
import { DISPUTE_KIND } from './dispute';
import { ADJUSTMENT_KIND } from './adjustment';
import type { KindMenuLink, KindRoute, MoneyKindDef, StatusTone } from './money-kind';

export * from './money-kind';
export * from './payin';
export * from './payout';
export * from './settlement';
export * from './withdrawal';
export * from './top-up';
export * from './refund';
export * from './dispute';
export * from './adjustment';

/**
 * The money-kind registry: every lifecycle of money the product knows, one entry each. The
 * route table, the side menu, the detail view, the quotes, approvals, rollups, ledger checks
 * and the web's badges derive what they need from here. A new kind is one entry here plus its
 * own folders (docs/architecture.md, "Money kinds").
 */
export const MONEY_KINDS = [
  PAYIN_KIND,
  PAYOUT_KIND,
  SETTLEMENT_KIND,
  SETTLEMENT_WALLET_KIND,
  WITHDRAWAL_KIND,
  TOP_UP_KIND,
  REFUND_KIND,
  DISPUTE_KIND,
  ADJUSTMENT_KIND,
] as const;

type Entry = (typeof MONEY_KINDS)[number];
export type MoneyKindName = Entry['name'];
/** Every state of every money lifecycle. */
/** The names of the registry's lifecycles (a settlement's two destinations share one). */
export type MoneyLifecycleName = Entry['lifecycle']['name'];

type StatesOf<E> = E extends { readonly tones: infer T } ? keyof T : never;
export type MoneyKindStatus = StatesOf<Entry>;
type KindRouteId = Entry['routes'][number]['id'];

const BY_NAME = new Map<string, MoneyKindDef>(MONEY_KINDS.map((k) => [k.name, k]));

/** The registry entry of a kind. */
export function moneyKind<N extends MoneyKindName>(name: N): Extract<Entry, { name: N }> {
  const found = BY_NAME.get(name);
  if (!found) throw new Error(`Unknown money kind ${name}`);
  return found as Extract<Entry, { name: N }>;
}

/** Whether a text names a money kind. */
export const isMoneyKindName = (name: string): name is MoneyKindName => BY_NAME.has(name);

/** The kind names of the entries that pass `test`, in registry order. */
export function moneyKindNames(test: (kind: MoneyKindDef) => boolean): MoneyKindName[] {
  return MONEY_KINDS.filter((k) => test(k)).map((k) => k.name);
}

/**
 * The kinds a payment gateway moves (their `gatewayFlow`): the kinds of its callbacks, status
 * queries and statement lines.
 */
export type GatewayKind = Extract<Entry, { gatewayFlow: 'in' | 'out' }>['name'];
export const GATEWAY_KINDS = moneyKindNames((k) => k.gatewayFlow !== undefined) as GatewayKind[];

/** Whether a text names a kind a gateway moves (a callback's `kind`). */
export const isGatewayKind = (name: string): name is GatewayKind =>
  (GATEWAY_KINDS as readonly string[]).includes(name);

/** Every kind's screens, for the route table. */
export const MONEY_KIND_ROUTES: readonly KindRoute<KindRouteId>[] = MONEY_KINDS.flatMap(
  (k): readonly KindRoute<KindRouteId>[] => k.routes,
);

/** Every kind's side-menu links, in registry order. */
export const MONEY_KIND_MENU_LINKS: readonly KindMenuLink<KindRouteId>[] = MONEY_KINDS.flatMap(
  (k): readonly KindMenuLink<KindRouteId>[] => k.menu,
);

/**
 * One tone per state across every kind: a state shared by several kinds (`rejected`, `pending`)
 * has one colour everywhere; `money-kinds.test.ts` refuses two kinds that disagree.
 */
export const STATUS_TONES = Object.fromEntries(
  MONEY_KINDS.flatMap((k) => Object.entries(k.tones)),
) as Readonly<Record<MoneyKindStatus, StatusTone>>;

/** Every journal kind the money kinds post under (`payin.success`, `refund.fee_return`, …). */
export const MONEY_JOURNAL_KINDS: readonly string[] = MONEY_KINDS.flatMap(
  (k): readonly string[] => k.journalKinds,
);
