import {
  pathOf,
  type DashboardKind,
  type DashboardPeriod,
  type RouteId,
  type TimezoneChoice,
} from '@bo/contract';
import { presetRange, type DatePreset } from '../../ui/list/date-presets';
import { DEFAULT_PAGE_SIZE, writeListState } from '../../ui/list/list-url-state';

/** The lists' date preset of each card period (today is the lists' "last 1 day"). */
const PERIOD_PRESET: Record<DashboardPeriod, DatePreset> = {
  today: 'last1',
  yesterday: 'yesterday',
  this_month: 'thisMonth',
};

/**
 * The list a card's successful count and volume are read from (issue 44: a figure that is not a
 * plain sum of entries opens the transactions it counts): one money list each. A settlement
 * figure spans two kinds (bank and wallet settlements), two lists: it opens none yet.
 */
const FIGURE_LISTS: Partial<Record<DashboardKind, { route: RouteId; success: string }>> = {
  payin: { route: 'payins', success: 'success' },
  payout: { route: 'payouts', success: 'success' },
};

/** The route a kind's figures open, or null (see FIGURE_LISTS). */
export const figureListRoute = (kind: DashboardKind): RouteId | null =>
  FIGURE_LISTS[kind]?.route ?? null;

/**
 * The address of the money list whose totals are a card cell's figures: the kind's successful
 * rows in the card's currency, created on the cell's days (today, yesterday, this month to
 * today) in the dashboard's zone, as the dashboard's rollups count them. Null for a kind
 * without one list.
 */
export function figureListUrl(
  kind: DashboardKind,
  period: DashboardPeriod,
  currency: string,
  zone: TimezoneChoice,
  now = new Date(),
): string | null {
  const list = FIGURE_LISTS[kind];
  if (!list) return null;
  const days = presetRange(PERIOD_PRESET[period], now, zone);
  const query = writeListState({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: null,
    direction: null,
    timeZone: zone,
    filters: { status: list.success, currency, from: days.from, to: days.to },
  });
  return `${pathOf(list.route)}?${query.toString()}`;
}
