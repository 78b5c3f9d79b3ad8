import {
  FEE_SPLIT_PARTS,
  moneyKind,
  type ListTotal,
  type MoneyKindDef,
  type MoneyKindName,
  type ProfitKind,
  type ReportPeriod,
  type RouteId,
  type TimezoneChoice,
} from '@bo/contract';
import { countedListsOf, countedListUrl, type FigureOwner } from '../../ui/list/figure-lists';

/**
 * The figures of each profit kind its lists' totals are (issue 44: a count or volume is no sum
 * of entries, so it opens the transactions it counts; the lists are `countedListsOf`): the
 * counted rows' number, amount, fees and the fees' split (gateway cost, reseller commission,
 * platform profit: the totals' `fee_split`, as the viewer may see it) are the lists' totals
 * (`reports-profit.test.ts` proves each; a settlement's bank and wallet lists add up). A
 * refund's report fee is net of the pay-in fee it gave back and a dispute's counts the fee the
 * gateway kept on a won one: their lists' fee totals are other figures, and their rows keep no
 * split. An adjustment's count and volume (the net it credited owners, a debit negative) are its
 * list's count and "credits − debits" (`adjustment-profit.test.ts`); its platform profit is
 * minus that (what the platform gave or took), the list's amount negated.
 */
const SPLIT_TOTALS = Object.fromEntries(FEE_SPLIT_PARTS.map((part) => [part, part]));
const WITH_SPLIT: Readonly<Record<string, ListTotal>> = {
  count: 'count',
  volume: 'amount',
  fee: 'fee',
  ...SPLIT_TOTALS,
};
const COUNT_AND_VOLUME: Readonly<Record<string, ListTotal>> = { count: 'count', volume: 'amount' };
const LISTED_FIGURES: Partial<Record<ProfitKind, Readonly<Record<string, ListTotal>>>> = {
  payin: WITH_SPLIT,
  payout: WITH_SPLIT,
  refund: COUNT_AND_VOLUME,
  dispute: COUNT_AND_VOLUME,
  settlement: WITH_SPLIT,
  adjustment: { ...COUNT_AND_VOLUME, platform_profit: 'amount_negated' },
};

/**
 * The total of a profit cell's lists that is the cell (its count, amount, fee, a fee share, or
 * an adjustment's amount negated), or null for a figure no list's totals show.
 */
export const profitListTotalOf = (kind: ProfitKind, figure: string): ListTotal | null =>
  LISTED_FIGURES[kind]?.[figure] ?? null;

/**
 * Kinds a reseller owns rows of as well as merchants (an adjustment of its commission): a row of
 * the report's own account may be a reseller's, whose rows no merchant filter names.
 */
const RESELLER_MAY_OWN: readonly ProfitKind[] = ['adjustment'];

/**
 * Whether a kind's figures are two lists' totals added up (a settlement's): its cells open each
 * list from a link of its own, never one list alone, even when the viewer may open only one.
 */
export const isSplitProfitKind = (kind: ProfitKind) => countedListsOf(kind).length > 1;

/** Whose rows a profit cell counts: an owner (a reseller's merchants, a merchant), a gateway. */
export interface ProfitCellScope {
  readonly owner?: FigureOwner;
  /**
   * A detailed row's gateway, or null for its row of what no gateway moved (settlements):
   * such a row opens only the lists of kinds no gateway moves, a gateway's row only the others.
   */
  readonly gatewayCode?: string | null;
  /** The cell's days: the report's period, or a detailed row's one day. */
  readonly days: { readonly from: string; readonly to: string };
  readonly zone: TimezoneChoice;
  /**
   * The row is the report's own account's (a detailed report's row whose merchant is the
   * account the report is of): it may be a reseller, so kinds a reseller owns open nothing.
   */
  readonly ownAccount?: boolean;
}

/** Whether a gateway moves a kind's money (its registry's `gatewayFlow`). */
const movedByGateway = (name: MoneyKindName) => !!(moneyKind(name) as MoneyKindDef).gatewayFlow;

/**
 * The lists whose totals add up to a profit cell (`{kind}_{figure}`), those the viewer may open:
 * the kind's counted rows in the currency, created on the cell's days in the report's zone, of
 * its owner and gateway. None for a figure or kind no list's totals show, or a cell without
 * scope.
 */
export function profitCellLists(
  kind: ProfitKind,
  figure: string,
  currency: string,
  scope: ProfitCellScope | null,
  canOpen: (route: RouteId) => boolean,
): { route: RouteId; url: string }[] {
  if (!scope || !profitListTotalOf(kind, figure)) return [];
  if (scope.ownAccount && RESELLER_MAY_OWN.includes(kind)) return [];
  const gatewayCode = scope.gatewayCode ?? undefined;
  return countedListsOf(kind).flatMap((list) => {
    if (!canOpen(list.route)) return [];
    if (scope.gatewayCode !== undefined && movedByGateway(list.kind) !== !!scope.gatewayCode)
      return [];
    const url = countedListUrl(list, scope.days, currency, scope.zone, scope.owner, gatewayCode);
    return [{ route: list.route, url }];
  });
}

/** A report period's days and zone, as a cell scope without owner or gateway. */
export const periodScope = (period: ReportPeriod) => ({
  days: { from: period.from_day, to: period.to_day },
  zone: period.time_zone,
});
