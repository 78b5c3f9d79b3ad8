import {
  pathOf,
  type DashboardKind,
  type DashboardPeriod,
  type RouteId,
  type TimezoneChoice,
} from '@bo/contract';
import { addDays, dayInZone, DEFAULT_TIME_ZONE } from '../../lib/time-zone';

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
  const today = dayInZone(now, zone);
  const [from, to] =
    period === 'today'
      ? [today, today]
      : period === 'yesterday'
        ? [addDays(today, -1), addDays(today, -1)]
        : [`${today.slice(0, 7)}-01`, today];
  const query = new URLSearchParams({ status: list.success, currency, from, to });
  if (zone !== DEFAULT_TIME_ZONE) query.set('timeZone', zone);
  return `${pathOf(list.route)}?${query.toString()}`;
}
