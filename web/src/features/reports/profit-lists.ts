import type { ProfitKind, ReportPeriod, RouteId, TimezoneChoice } from '@bo/contract';
import { figureListRoute, figureListUrlOfDays, type FigureOwner } from '../../ui/list/figure-lists';

/**
 * The profit figures a money list's totals show (issue 44: a count or volume is no sum of
 * entries, so it opens the transactions it counts): the count of counted rows, their volume
 * and their fees are the list's count, amount and fee totals. The fee split (gateway cost,
 * commission, profit) is in each row's detail, not in the totals: those cells stay plain.
 */
export const LISTED_PROFIT_FIGURES = ['count', 'volume', 'fee'] as const;
export type ListedProfitFigure = (typeof LISTED_PROFIT_FIGURES)[number];

/**
 * The profit kinds whose counted rows are one list's successful rows. A settlement counts bank
 * and wallet settlements (two lists), a refund, dispute or adjustment by statuses or signs a
 * list's one status filter cannot say: their cells stay plain.
 */
const LISTED_KINDS: Partial<Record<ProfitKind, 'payin' | 'payout'>> = {
  payin: 'payin',
  payout: 'payout',
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
 * The list whose totals are a profit cell (`{kind}_{figure}`): the kind's successful rows in
 * the currency, created on the cell's days in the report's zone, of its owner and gateway.
 * Null for a figure or kind no list's totals show, or a list the viewer may not open.
 */
export function profitCellListUrl(
  kind: ProfitKind,
  figure: string,
  currency: string,
  scope: ProfitCellScope | null,
  canOpen: (route: RouteId) => boolean,
): string | null {
  const listed = LISTED_KINDS[kind];
  if (!scope || !listed || !(LISTED_PROFIT_FIGURES as readonly string[]).includes(figure))
    return null;
  if (!canOpen(figureListRoute(listed)!)) return null;
  return figureListUrlOfDays(
    listed,
    scope.days,
    currency,
    scope.zone,
    scope.owner,
    scope.gatewayCode,
  );
}

/** A report period's days and zone, as a cell scope without owner or gateway. */
export const periodScope = (period: ReportPeriod) => ({
  days: { from: period.from_day, to: period.to_day },
  zone: period.time_zone,
});
