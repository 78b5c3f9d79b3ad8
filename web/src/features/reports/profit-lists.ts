import type { ProfitKind, ReportPeriod, RouteId, TimezoneChoice } from '@bo/contract';
import { countedListOf, countedListUrl, type FigureOwner } from '../../ui/list/figure-lists';

/**
 * The figures of each profit kind a money list's totals show (issue 44: a count or volume is no
 * sum of entries, so it opens the transactions it counts): the counted rows' number, amount
 * and fees are the list's count, amount and fee totals (`reports-profit.test.ts` proves each).
 * A refund's report fee is net of the pay-in fee it gave back and a dispute's counts the fee the
 * gateway kept on a won one: their lists' fee totals are other figures. Not here: a settlement
 * (bank and wallet, two lists), an adjustment (its volume signed), and the fee split (gateway
 * cost, commission, profit: in each listed row's detail, not in the totals).
 */
const LISTED_FIGURES: Partial<Record<ProfitKind, readonly string[]>> = {
  payin: ['count', 'volume', 'fee'],
  payout: ['count', 'volume', 'fee'],
  refund: ['count', 'volume'],
  dispute: ['count', 'volume'],
};

/** Whose rows a profit cell counts: an owner (a reseller's merchants, a merchant), a gateway. */
export interface ProfitCellScope {
  readonly owner?: FigureOwner;
  readonly gatewayCode?: string;
  /** The cell's days: the report's period, or a detailed row's one day. */
  readonly days: { readonly from: string; readonly to: string };
  readonly zone: TimezoneChoice;
}

/**
 * The list whose totals are a profit cell (`{kind}_{figure}`): the kind's counted rows in the
 * currency, created on the cell's days in the report's zone, of its owner and gateway.
 * Null for a figure or kind no list's totals show, or a list the viewer may not open.
 */
export function profitCellListUrl(
  kind: ProfitKind,
  figure: string,
  currency: string,
  scope: ProfitCellScope | null,
  canOpen: (route: RouteId) => boolean,
): string | null {
  const list = LISTED_FIGURES[kind]?.includes(figure) ? countedListOf(kind) : null;
  if (!scope || !list || !canOpen(list.route)) return null;
  return countedListUrl(list, scope.days, currency, scope.zone, scope.owner, scope.gatewayCode);
}

/** A report period's days and zone, as a cell scope without owner or gateway. */
export const periodScope = (period: ReportPeriod) => ({
  days: { from: period.from_day, to: period.to_day },
  zone: period.time_zone,
});
