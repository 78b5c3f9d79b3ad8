import type { RuleName } from '../access';
import type { ApprovalTierKind } from '../approval-tiers';
import type { Lifecycle } from '../lifecycles';
import type { MenuGroupId } from '../menu-groups';

/** The colours a status badge can take; every list shows a state in its kind's tone. */
export type StatusTone =
  'secondary' | 'info' | 'warning' | 'primary' | 'success' | 'danger' | 'dark';

/** An owner's balances a money kind works on (the ledger's purposes of an account). */
export type KindBalance =
  | 'available'
  | 'reserved'
  | 'payout_available'
  | 'payout_reserved'
  | 'commission'
  | 'commission_reserved'
  | 'usdt_wallet';

/** A screen of the kind: joins the contract's route table (`routes.ts`). */
export interface KindRoute<Id extends string = string> {
  readonly id: Id;
  readonly pattern: string;
  readonly rule: RuleName;
  readonly kind: 'screen';
}

/** A side-menu link of the kind, shown in `group` after the links before it in the registry. */
export interface KindMenuLink<Id extends string = string> {
  readonly group: MenuGroupId;
  /** Translation key (`menu.items.<label>`). */
  readonly label: string;
  readonly routeId: Id;
}

/**
 * One money kind: everything the server and the web derive about it, in one entry. `name` is at
 * once the detail view's kind, the rollup kind, the approval's `ref_type`, the admin log's
 * target type and the prefix of its journal kinds.
 */
export interface MoneyKindDef<
  Name extends string = string,
  S extends string = string,
  RouteId extends string = string,
> {
  readonly name: Name;
  /** How messages name one ("pay-out"). */
  readonly noun: string;
  readonly lifecycle: Lifecycle<S, string>;
  /** Each status's badge tone. */
  readonly tones: { readonly [K in S]: StatusTone };
  /**
   * How the reports count a row: the statuses it succeeded in (its volume and fees count) and
   * the ones it failed in; any other status is under way.
   */
  readonly outcomes: { readonly success: readonly S[]; readonly failed: readonly S[] };
  /**
   * The statuses whose volume and fees the profit and transaction reports count, when not
   * `outcomes.success` (a dispute's: `lost`, the money the gateway took for good).
   */
  readonly reportCounts?: readonly S[];
  /**
   * Statuses whose fees (not their volume or count) the reports count besides those: a won
   * dispute's, whose rollup fee is what the gateway kept (`fee − fee_returned`, zero when given
   * back).
   */
  readonly reportFees?: readonly S[];
  /** The statuses its pending queue holds (the dashboard counts these), if it has one. */
  readonly pendingStatuses?: readonly S[];
  /** Where its rows live. */
  readonly table: string;
  /** Whose it is: a merchant's (most) or a reseller's (withdrawals). */
  readonly owner: 'merchant' | 'reseller';
  /** The rule of its list call and detail view. */
  readonly listRule: RuleName;
  /**
   * What it does to the owner's balances: `debit` takes amount + fee from `balance`, holding it
   * in `reserve` until it is posted (success) or voided (failure, rejection); `credit` adds to
   * `balance` (a pay-in on success, a top-up on approval).
   */
  readonly money: {
    readonly effect: 'debit' | 'credit';
    readonly balance: KindBalance;
    readonly reserve?: KindBalance;
  };
  /** The journal kinds its movements are written under. */
  readonly journalKinds: readonly string[];
  /**
   * For a kind each of whose rows moves money once, in one journal between its owner's balance
   * and a platform account (a balance adjustment): the statuses whose rows have that journal (a
   * row in any other status has none) and the platform account on its other side. `ledger:check`
   * holds each such journal to its row: kind `<name>.<direction>`, the row's amount and currency
   * added to (a credit) or taken from (a debit) the owner's balance, the opposite to the
   * platform's account. Its rows name these in their `owner_account_id`, `direction` (`credit`
   * or `debit`), `balance`, `amount` and `currency` columns.
   */
  readonly singleJournal?: {
    readonly postedIn: readonly S[];
    readonly against: 'platform_fees';
  };
  /** Its approval: the status a request waits in, and whether it is money leaving (two approvers). */
  readonly approval?: {
    readonly awaiting: S;
    readonly moneyOut: boolean;
    /** The rule of its approve and reject calls. */
    readonly decisionRule: RuleName;
    /** The screen that lists what waits (the approvals digest links it). */
    readonly queueRoute: RouteId;
    /** A column naming the creator besides `money_requests` (top-ups record `created_by`). */
    readonly creatorColumn?: 'created_by';
    /** A settlement call decides only settlements of its own destination. */
    readonly destination?: 'bank' | 'usdt_wallet';
    /** Its approval tiers by amount, when it has them (docs/money.md, Approval tiers). */
    readonly tierKind?: ApprovalTierKind;
  };
  /** Whether its request form asks for a quote (fee, balance after) before it is sent. */
  readonly quoted: boolean;
  /** Whether its result is sent to the merchant's notify URL. */
  readonly notified: boolean;
  /**
   * The kind its items belong to, whose detail timeline shows their steps too (a refund's on its
   * pay-in's): the server's detail finder of this kind then lists an item's children in scope.
   */
  readonly parentKind?: string;
  /**
   * Whether a payment gateway moves its money, and which way: `in` (a pay-in: money the gateway
   * collects for us), `out` (a pay-out, a refund, a dispute's chargeback: money the gateway sends
   * or takes away). Such a kind gets gateway callbacks and statement lines; a reconciliation
   * difference counts `out` money the other way round. Absent: no gateway moves it.
   */
  readonly gatewayFlow?: 'in' | 'out';
  /**
   * For a kind a gateway judges (routing's kinds): the statuses in which its gateway finished
   * it, succeeded or not (a pay-in that expired unpaid did not succeed; one an admin rejected
   * before any gateway tried is neither). A gateway's success rate is `success` over both, as
   * routing, the live view, the simulation and gateway health all count it
   * (`gatewayOutcomeOf`).
   */
  readonly gatewayJudged?: { readonly success: readonly S[]; readonly unsuccessful: readonly S[] };
  /**
   * What the dashboard draws of it besides its figures: `series`, its successful volume as a
   * series of the statistics chart; `gatewayRollups`, its outcomes per gateway (the gateway
   * cards).
   */
  readonly dashboard?: { readonly series?: true; readonly gatewayRollups?: true };
  /**
   * Whether the profit and transaction reports give it columns of its own (`PROFIT_KINDS`, in
   * registry order: `{kind}_count` and `{kind}_{figure}` of every `PROFIT_FIGURES`), and what it
   * is to the platform: `revenue`, its fee charged by the merchant's contract (the platform's,
   * and its reseller's share); `cost`, no commission and no revenue: a dispute's fee is the
   * gateway's, passed on at cost (no profit), an adjustment's net credit is the platform's own
   * money (`platformPaysVolume`).
   * Absent: no columns of its own (a settlement to the USDT wallet counts as a settlement).
   */
  readonly profit?: 'revenue' | 'cost';
  /**
   * The profit figures always zero for a profit kind, which the report screens and settings
   * show no column of (a settlement's or a refund's gateway cost; an adjustment's fee, gateway
   * cost and commission). Its answer's fields are there all the same (zero).
   */
  readonly zeroProfitFigures?: readonly ('fee' | 'gateway_cost' | 'reseller_commission')[];
  /**
   * Whether the platform pays its volume from its own account (an adjustment: its journal moves
   * the owner's balance against `platform_fees`). The reports count its volume signed, the net
   * it gave the owners (a debit negative), and its platform profit is minus that; its rollups
   * keep that profit (their volume stays the amount, which the kind's list totals add up).
   */
  readonly platformPaysVolume?: true;
  /**
   * The reseller balance settlement's column its journals land in: `withdrawn` (money that left
   * the reseller's commission), `earned` (its share of fees). Absent: `earned`, as every journal
   * of no money kind.
   */
  readonly balanceColumn?: 'earned' | 'withdrawn';
  readonly routes: readonly KindRoute<RouteId>[];
  readonly menu: readonly KindMenuLink<RouteId>[];
}

type StatesOf<L> = L extends Lifecycle<infer S, string> ? S : never;

/**
 * An entry, its literals kept (names, route ids, flags) so that the registry's derived types are
 * exact; the compiler refuses a lifecycle state without a tone, and a journal's status that is
 * none of its lifecycle's.
 */
export const defineMoneyKind = <const D extends MoneyKindDef<string, string, string>>(
  def: D & {
    readonly tones: { readonly [K in StatesOf<D['lifecycle']>]: StatusTone };
    readonly singleJournal?: { readonly postedIn: readonly StatesOf<D['lifecycle']>[] };
  },
): D => def;

/**
 * How a gateway's success rate counts a row of `kind` in `status`: `success`, `unsuccessful`,
 * or null while it is not finished by its gateway (or the kind is judged by none).
 */
export function gatewayOutcomeOf(
  kind: MoneyKindDef,
  status: string,
): 'success' | 'unsuccessful' | null {
  const judged = kind.gatewayJudged;
  if (!judged) return null;
  if (judged.success.includes(status)) return 'success';
  return judged.unsuccessful.includes(status) ? 'unsuccessful' : null;
}

/** The journal kinds of a reserve-then-post-or-void request. */
export const reservationJournals = (name: string) => [
  `${name}.reserve`,
  `${name}.post`,
  `${name}.void`,
];

/** A screen route of a kind (the route table's `route()` for screens). */
export const kindRoute = <const Id extends string>(
  id: Id,
  pattern: string,
  rule: RuleName,
): KindRoute<Id> => ({ id, pattern, rule, kind: 'screen' });
