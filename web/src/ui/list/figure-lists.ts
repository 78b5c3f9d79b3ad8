import {
  moneyKind,
  pathOf,
  type DashboardKind,
  type MoneyKindDef,
  type MoneyKindName,
  type DashboardPeriod,
  type RouteId,
  type StatisticsPeriod,
  type TimezoneChoice,
} from '@bo/contract';
import { presetRange, type DatePreset, type DayRange } from './date-presets';
import { DEFAULT_PAGE_SIZE, writeListState } from './list-url-state';
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

/** One money list a figure's rows are in, and the status its counted rows have there. */
export interface FigureList {
  readonly kind: MoneyKindName;
  readonly route: RouteId;
  /** The status of its counted rows ('' for rows of every status). */
  readonly success: string;
}

/**
 * A money kind's list (its registry's first screen) and the one status the reports and the
 * dashboard count its rows in (`reportCounts`, else `outcomes.success`); null when they count
 * several (no list's one status filter says them).
 */
export function countedListOf(kind: MoneyKindName): FigureList | null {
  const def = moneyKind(kind) as MoneyKindDef;
  const counted = def.reportCounts ?? def.outcomes.success;
  const route = def.routes[0]?.id as RouteId | undefined;
  return counted.length === 1 && route ? { kind, route, success: counted[0]! } : null;
}

/**
 * The kinds a figure of a kind counts the rows of, when more than itself: the reports' and the
 * dashboard's settlement figures count both destinations, bank and wallet.
 */
const COUNTED_TOGETHER: Partial<Record<MoneyKindName, readonly MoneyKindName[]>> = {
  settlement: ['settlement', 'settlement_wallet'],
};

/**
 * Every list a figure of `kind` counts rows of (`countedListOf` each): one, or a settlement's
 * bank and wallet lists, whose totals add up to it.
 */
export function countedListsOf(kind: MoneyKindName): FigureList[] {
  return (COUNTED_TOGETHER[kind] ?? [kind]).flatMap((name) => countedListOf(name) ?? []);
}

/**
 * The lists a card's successful count and volume are read from (issue 44: a figure that is not
 * a plain sum of entries opens the transactions it counts). A pay-in or pay-out figure is one
 * list's; a settlement figure spans two kinds, bank and wallet settlements, whose two lists'
 * totals add up to it.
 */
const FIGURE_LISTS: Record<DashboardKind, readonly FigureList[]> = {
  payin: countedListsOf('payin'),
  payout: countedListsOf('payout'),
  settlement: countedListsOf('settlement'),
};

/** The route a kind's figures open when one list holds them all, or null (a settlement). */
export const figureListRoute = (kind: DashboardKind): RouteId | null => {
  const lists = FIGURE_LISTS[kind];
  return lists.length === 1 ? lists[0]!.route : null;
};

/** One owner's rows of a list: a merchant's, or a reseller's merchants'. */
export type FigureOwner = { merchantDbCode: string } | { resellerDbCode: string };

/** The address of one list's counted rows in the currency, created on `days` in the zone. */
export function countedListUrl(
  list: FigureList,
  days: DayRange,
  currency: string,
  zone: TimezoneChoice,
  owner?: FigureOwner,
  gatewayCode?: string,
): string {
  const query = writeListState({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: null,
    direction: null,
    timeZone: zone,
    filters: {
      status: list.success,
      currency,
      from: days.from,
      to: days.to,
      ...owner,
      ...(gatewayCode && { gatewayCode }),
    },
  });
  return `${pathOf(list.route)}?${query.toString()}`;
}

/**
 * The address of the money list whose totals are a figure: the kind's successful rows in the
 * currency, created on `days` in the dashboard's zone, as the dashboard's rollups count them,
 * of one owner when the figure is one owner's (and one gateway's when it is). Null for a kind
 * without one list.
 */
export function figureListUrlOfDays(
  kind: DashboardKind,
  days: DayRange,
  currency: string,
  zone: TimezoneChoice,
  owner?: FigureOwner,
  gatewayCode?: string,
): string | null {
  const lists = FIGURE_LISTS[kind];
  return lists.length === 1
    ? countedListUrl(lists[0]!, days, currency, zone, owner, gatewayCode)
    : null;
}

/**
 * Every list a card cell's figures are in (a settlement's: bank and wallet, whose totals add up
 * to the cell), those the viewer may open: its period's days in the dashboard's zone.
 */
export function cellListUrls(
  kind: DashboardKind,
  period: DashboardPeriod,
  currency: string,
  opens: Pick<FigureOpens, 'timeZone' | 'canOpen'>,
  now = new Date(),
): { route: RouteId; url: string }[] {
  const days = presetRange(PERIOD_PRESET[period], now, opens.timeZone);
  return FIGURE_LISTS[kind]
    .filter((list) => opens.canOpen(list.route))
    .map((list) => ({
      route: list.route,
      url: countedListUrl(list, days, currency, opens.timeZone),
    }));
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
 * The pay-ins a success rate of this UTC month counts (issue 44: a rate opens the transactions
 * it counts): its successful ones and all of them (every status), in the currency, or in every
 * currency for ''. The overview reads the month's rollups in UTC, whatever the dashboard's zone.
 */
export function monthRateListUrls(
  currency: string,
  now = new Date(),
): { success: string; all: string } {
  const list = countedListOf('payin')!;
  const days = presetRange('thisMonth', now, 'Default');
  return {
    success: countedListUrl(list, days, currency, 'Default'),
    all: countedListUrl({ ...list, success: '' }, days, currency, 'Default'),
  };
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
