import {
  columnOfKind,
  MERCHANT_SETTLEMENT_COLUMNS,
  MERCHANT_SETTLEMENT_MOVEMENTS,
  OWNER_MONEY_PURPOSES,
  RESELLER_SETTLEMENT_COLUMNS,
  type MerchantSettlementMovement,
  type ResellerSettlementMovement,
} from '@bo/contract';
import type { Purpose } from '../../ledger/ledger-accounts';

/**
 * The balance settlement reports' columns: which of the tenant's accounts, and each journal
 * kind's column by the contract's one map (`ledger-columns.ts`, which the web's links to the
 * entries view read too). Reservations move money between the tenant's own accounts, so a
 * pending one nets to zero in its lifecycle's column.
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

export type MerchantColumn = MerchantSettlementMovement;

/**
 * A merchant's fiat money at the platform (not its USDT wallet: settled USDT has left it): its
 * balances, what its open disputes hold (`disputed`) and what they took beyond its available
 * balance (`dispute_shortfall`, negative). A dispute's hold moves money between these and nets
 * to zero; a loss, and a fee the gateway keeps on a win, leave them.
 */
export const MERCHANT_MONEY_PURPOSES: readonly Purpose[] = OWNER_MONEY_PURPOSES.merchant;

/** The merchant balance settlement's columns (the statement's purposes are the same). */
export const MERCHANT_SETTLEMENT: SettlementColumns<MerchantColumn> = {
  purposes: MERCHANT_MONEY_PURPOSES,
  columns: MERCHANT_SETTLEMENT_MOVEMENTS,
  outflows: MERCHANT_SETTLEMENT_COLUMNS.outflows ?? [],
  columnOf: (kind) => columnOfKind(MERCHANT_SETTLEMENT_COLUMNS, kind),
};

/** The merchant accounts holding money for pending settlements and pay-outs. */
export const MERCHANT_HELD_PURPOSES: readonly Purpose[] = ['reserved', 'payout_reserved'];

export type ResellerColumn = ResellerSettlementMovement;

/** A reseller's commission: every kind but withdrawals is its share of fees. */
export const RESELLER_SETTLEMENT: SettlementColumns<ResellerColumn> = {
  purposes: OWNER_MONEY_PURPOSES.reseller,
  columns: ['earned', 'withdrawn'],
  outflows: RESELLER_SETTLEMENT_COLUMNS.outflows ?? [],
  columnOf: (kind) => columnOfKind(RESELLER_SETTLEMENT_COLUMNS, kind),
};
