import {
  MERCHANT_SETTLEMENT_MOVEMENTS,
  MONEY_KINDS,
  type MerchantSettlementMovement,
  type MoneyKindDef,
} from '@bo/contract';
import type { Purpose } from '../../ledger/ledger-accounts';

/**
 * The one place that maps journal kinds (`payin.success`, `settlement.reserve`, …) to the
 * columns of the balance settlement reports. A kind's lifecycle is the part before the dot;
 * reservations move money between the tenant's own accounts, so a pending one nets to zero
 * in its lifecycle's column. `outflow` columns show the money that left as a positive amount.
 */
export interface SettlementColumns<C extends string> {
  /** The tenant's ledger accounts whose sum is its balance. */
  readonly purposes: readonly Purpose[];
  /** Every movement column, in display order. */
  readonly columns: readonly C[];
  /** Columns shown as money leaving (positive = balance reduced). */
  readonly outflows: readonly C[];
  readonly columnOf: (kind: string) => C;
}

const lifecycleOf = (kind: string) => kind.split('.')[0] ?? kind;

export type MerchantColumn = MerchantSettlementMovement;

const MERCHANT_LIFECYCLES: Readonly<Record<string, MerchantColumn>> = {
  payin: 'credited',
  settlement: 'settled_bank',
  settlement_wallet: 'settled_usdt',
  payout: 'paid_out',
  top_up: 'topped_up',
  refund: 'refunded',
  dispute: 'disputes_lost',
};

/**
 * A merchant's fiat money at the platform (not its USDT wallet: settled USDT has left it): its
 * balances, what its open disputes hold (`disputed`) and what they took beyond its available
 * balance (`dispute_shortfall`, negative). A dispute's hold moves money between these and nets
 * to zero; a loss, and a fee the gateway keeps on a win, leave them.
 */
export const MERCHANT_MONEY_PURPOSES: readonly Purpose[] = [
  'available',
  'reserved',
  'payout_available',
  'payout_reserved',
  'disputed',
  'dispute_shortfall',
];

/** The merchant balance settlement's columns (the statement's purposes are the same). */
export const MERCHANT_SETTLEMENT: SettlementColumns<MerchantColumn> = {
  purposes: MERCHANT_MONEY_PURPOSES,
  columns: MERCHANT_SETTLEMENT_MOVEMENTS,
  outflows: ['settled_bank', 'settled_usdt', 'paid_out', 'refunded', 'disputes_lost'],
  columnOf: (kind) => MERCHANT_LIFECYCLES[lifecycleOf(kind)] ?? 'adjustments',
};

/** The merchant accounts holding money for pending settlements and pay-outs. */
export const MERCHANT_HELD_PURPOSES: readonly Purpose[] = ['reserved', 'payout_reserved'];

export type ResellerColumn = 'earned' | 'withdrawn';

/** The kinds that name their reseller column (`balanceColumn`: a withdrawal's is `withdrawn`). */
const RESELLER_COLUMNS: ReadonlyMap<string, ResellerColumn> = new Map(
  MONEY_KINDS.flatMap((k: MoneyKindDef) => (k.balanceColumn ? [[k.name, k.balanceColumn]] : [])),
);

/** A reseller's commission: every kind but withdrawals is its share of fees. */
export const RESELLER_SETTLEMENT: SettlementColumns<ResellerColumn> = {
  purposes: ['commission', 'commission_reserved'],
  columns: ['earned', 'withdrawn'],
  outflows: ['withdrawn'],
  columnOf: (kind) => RESELLER_COLUMNS.get(lifecycleOf(kind)) ?? 'earned',
};
