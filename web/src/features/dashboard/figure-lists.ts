import {
  pathOf,
  type DashboardKind,
  type DashboardPeriod,
  type RouteId,
  type StatisticsPeriod,
  type TimezoneChoice,
} from '@bo/contract';
import { presetRange, type DatePreset, type DayRange } from '../../ui/list/date-presets';
import { DEFAULT_PAGE_SIZE, writeListState } from '../../ui/list/list-url-state';
import { addDays } from '../../lib/time-zone';

/** What a viewer's figures may open: the dashboard's zone, and the routes it may see. */
export interface FigureOpens {
  readonly timeZone: TimezoneChoice;
  readonly canOpen: (route: RouteId) => boolean;
  /**
   * The balance is the viewer's own account's (a merchant's): it opens that account's
   * entries. A sum of the balances of the merchants in scope opens none.
   */
  readonly balanceIsOwn: boolean;
}

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

/** One owner's rows of a list: a merchant's, or a reseller's merchants'. */
export type FigureOwner = { merchantDbCode: string } | { resellerDbCode: string };

/**
 * The address of the money list whose totals are a figure: the kind's successful rows in the
 * currency, created on `days` in the dashboard's zone, as the dashboard's rollups count them,
 * of one owner when the figure is one owner's. Null for a kind without one list.
 */
export function figureListUrlOfDays(
  kind: DashboardKind,
  days: DayRange,
  currency: string,
  zone: TimezoneChoice,
  owner?: FigureOwner,
): string | null {
  const list = FIGURE_LISTS[kind];
  if (!list) return null;
  const query = writeListState({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: null,
    direction: null,
    timeZone: zone,
    filters: { status: list.success, currency, from: days.from, to: days.to, ...owner },
  });
  return `${pathOf(list.route)}?${query.toString()}`;
}

/** A card cell's list: its period's days (today, yesterday, this month to today). */
export function figureListUrl(
  kind: DashboardKind,
  period: DashboardPeriod,
  currency: string,
  zone: TimezoneChoice,
  now = new Date(),
): string | null {
  return figureListUrlOfDays(kind, presetRange(PERIOD_PRESET[period], now, zone), currency, zone);
}

/**
 * The days a chart point counts, from its label: a day (7D, 1M) or a month (1Y, YYYY-MM, to
 * its last day). Null for 1D's hours, which no list's whole-day filter can express.
 */
export function chartPointDays(period: StatisticsPeriod, label: string): DayRange | null {
  if (period === '1D') return null;
  if (period !== '1Y') return { from: label, to: label };
  const first = `${label}-01`;
  const [year, month] = label.split('-').map(Number) as [number, number];
  const nextFirst =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from: first, to: addDays(nextFirst, -1) };
}

/** The days a chart's period totals count: its first point's first day to its last point's last. */
export function chartDays(period: StatisticsPeriod, labels: readonly string[]): DayRange | null {
  const first = labels[0];
  const last = labels.at(-1);
  if (first === undefined || last === undefined) return null;
  const start = chartPointDays(period, first);
  const end = chartPointDays(period, last);
  return start && end ? { from: start.from, to: end.to } : null;
}

/**
 * A top-10 row's "this month's volume": its owner's successful pay-ins this UTC month (the
 * top lists count UTC months, whatever the dashboard's zone).
 */
export function topVolumeListUrl(
  owner: FigureOwner,
  currency: string,
  now = new Date(),
): string | null {
  return figureListUrlOfDays(
    'payin',
    presetRange('thisMonth', now, 'Default'),
    currency,
    'Default',
    owner,
  );
}
