import { JOURNAL_KINDS } from './calls/ledger-entries';
import type { MerchantSettlementMovement } from './calls/report-balances';
import type { MerchantStatementMovement } from './calls/report-ledgers';
import { MONEY_KINDS, type MoneyKindDef } from './money-kinds';

/**
 * The one place that maps journal kinds to the movement columns of the balance reports and the
 * merchant statement (issue 44): the server sums each column by it, and the web links a
 * column's figure to the entries view with the kinds it names (`kindsOfColumn`), so a figure
 * and its entries are the same rows.
 */

/** A journal kind's lifecycle: the part before the dot (`payin.success` → `payin`). */
export const lifecycleOf = (kind: string): string => kind.split('.')[0] ?? kind;

/** A report's movement columns: the lifecycles of each; `rest` takes every other lifecycle. */
export interface MovementColumns<C extends string> {
  readonly lifecycles: Readonly<Partial<Record<C, readonly string[]>>>;
  readonly rest: C;
  /** Columns shown as money that left, a positive amount (the entries' net negated). */
  readonly outflows?: readonly C[];
}

/** The column a journal kind's movement is summed in. */
export function columnOfKind<C extends string>(columns: MovementColumns<C>, kind: string): C {
  const lifecycle = lifecycleOf(kind);
  for (const [column, lifecycles] of Object.entries(columns.lifecycles) as [C, string[]][]) {
    if (lifecycles.includes(lifecycle)) return column;
  }
  return columns.rest;
}

/** The journal kinds summed in a column (the entries view's `kinds` for its figure). */
export const kindsOfColumn = <C extends string>(columns: MovementColumns<C>, column: C) =>
  JOURNAL_KINDS.filter((kind) => columnOfKind(columns, kind) === column);

/** /merchant-balance-settlement: a merchant's money by what moved it. */
export const MERCHANT_SETTLEMENT_COLUMNS: MovementColumns<MerchantSettlementMovement> = {
  lifecycles: {
    credited: ['payin'],
    settled_bank: ['settlement'],
    settled_usdt: ['settlement_wallet'],
    paid_out: ['payout'],
    topped_up: ['top_up'],
    refunded: ['refund'],
    disputes_lost: ['dispute'],
  },
  rest: 'adjustments',
  outflows: ['settled_bank', 'settled_usdt', 'paid_out', 'refunded', 'disputes_lost'],
};

/** /merchant/{id}/merchant-statement: the same money, settlements in one column. */
export const MERCHANT_STATEMENT_COLUMNS: MovementColumns<MerchantStatementMovement> = {
  lifecycles: {
    payins: ['payin'],
    payouts: ['payout'],
    settlements: ['settlement', 'settlement_wallet'],
    top_ups: ['top_up'],
    refunds: ['refund'],
    disputes: ['dispute'],
  },
  rest: 'adjustments',
};

export type ResellerSettlementMovement = 'earned' | 'withdrawn';

/** /reseller-balance-settlement: a kind that names its column (withdrawals), else earned. */
export const RESELLER_SETTLEMENT_COLUMNS: MovementColumns<ResellerSettlementMovement> = {
  lifecycles: {
    withdrawn: (MONEY_KINDS as readonly MoneyKindDef[])
      .filter((k) => k.balanceColumn === 'withdrawn')
      .map((k) => k.name),
  },
  rest: 'earned',
  outflows: ['withdrawn'],
};

/**
 * Which total of the view a figure opens is the figure (issue 44), so that anyone (a reader,
 * the browser walk of every figure) can check one against the other: the entries view's `net`,
 * its net negated (`outflow`, money that left, shown positive), its `opening`, its `closing`
 * or that negated (`closing_negated`: what the books owe a gateway, its deposit); a
 * list's `count`, `amount` (or that negated, `amount_negated`: an adjustment's platform profit,
 * what it credited owners taken from the platform), `fee` or one share of its fee split; a
 * report's totals row in one column (`total:available`: the owners a balance is the sum of).
 */
export type EntriesTotal = 'net' | 'outflow' | 'opening' | 'closing' | 'closing_negated';
export type ListTotal =
  | 'count'
  | 'amount'
  | 'amount_negated'
  | 'fee'
  | 'gateway_cost'
  | 'reseller_commission'
  | 'platform_profit';
export type FigureTotal = EntriesTotal | ListTotal | `total:${string}`;

/** The entries total a movement column's figure is: its net, negated for money that left. */
export const movementTotalOf = <C extends string>(
  columns: MovementColumns<C>,
  column: C,
): EntriesTotal => (columns.outflows?.includes(column) ? 'outflow' : 'net');
